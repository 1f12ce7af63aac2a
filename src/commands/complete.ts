/**
 * `pmt __complete <kind> <words…>` (hidden): the values the completion scripts cannot list in
 * advance, asked for at Tab time as gh's scripts ask `gh __complete`. `words` are the command line
 * after `pmt`, the last being the word under the cursor (empty when none; a `--flag=` prefix is
 * allowed). Prints the candidates that start with that word (case-insensitively), one per line.
 *
 * - `profiles`: the stored profiles' names, read from the store file alone (no context, no
 *   credentials, no exchange code), so it costs about a bare start-up.
 * - `outcomes`: Yes and No always; when the line names a market (the command's `<asset>`/`<market>`
 *   argument or its `--asset`), that market's own labels through the normal ops, given at most
 *   OUTCOMES_TIMEOUT_MS and remembered briefly in the config directory.
 *
 * A completion never prints an error and never holds the shell: every failure gives what is known
 * without the network, and a read still running at the deadline is abandoned (`abandoned`: the
 * caller exits without waiting for it).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { configDir, profileNames } from '../profiles.js';
import { sanitize } from '../safe-text.js';
import type { LineState } from './completion-model.js';

export const OUTCOMES_TIMEOUT_MS = 1500;
/** How long a market's labels are reused (`PMT_COMPLETE_CACHE_SECONDS`; 0: no disk cache). */
export const OUTCOMES_TTL_SECONDS = 120;
const CACHE_ENTRIES = 50;
const CACHE_FILE = 'completion-outcomes.json';

export interface Completion {
  lines: string[];
  /** A read was still running at the deadline: exit without waiting for it. */
  abandoned: boolean;
}

export async function complete(args: string[], program: () => Promise<Command>, env: NodeJS.ProcessEnv = process.env): Promise<Completion> {
  const [kind, ...words] = args;
  const last = words.at(-1) ?? '';
  const cur = last.startsWith('-') ? last.replace(/^-[^=]*=/, '') : last;
  const pick = (values: string[], abandoned = false): Completion => ({ lines: matching(values, cur), abandoned });
  try {
    if (kind === 'profiles') return pick(profileNames(env));
    if (kind === 'outcomes') {
      const r = await outcomes(words.slice(0, -1), program, env);
      return pick(r.labels, r.abandoned);
    }
  } catch {
    /* a completion says nothing rather than an error */
  }
  return { lines: [], abandoned: false };
}

/** Values that start with `cur` (ignoring case), each once, none that a shell line could not carry. */
function matching(values: string[], cur: string): string[] {
  const seen = new Set<string>();
  const low = cur.toLowerCase();
  return values.filter((v) => {
    const ok = v !== '' && v.length <= 100 && sanitize(v) === v && v.trim() === v && v.toLowerCase().startsWith(low);
    return ok && !seen.has(v.toLowerCase()) && Boolean(seen.add(v.toLowerCase()));
  });
}

/** The market a command line names for its `--outcome`: `--asset`/`--market`, else its market argument. */
export function marketOf(st: LineState): string | undefined {
  const flag = st.values.get('--asset') ?? st.values.get('--market');
  if (flag) return flag.trim();
  const i = st.spec.args.findIndex((a) => a.name === 'asset' || a.name === 'market');
  return i >= 0 ? st.positionals[i]?.trim() || undefined : undefined;
}

/** bash splits words at ":" (COMP_WORDBREAKS): `polymarket:slug` arrives as three words. */
export function joinColons(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === ':' && out.length > 0) out.push(`${out.pop()!}:${words[++i] ?? ''}`);
    else out.push(words[i]!);
  }
  return out;
}

async function outcomes(before: string[], program: () => Promise<Command>, env: NodeJS.ProcessEnv): Promise<{ labels: string[]; abandoned: boolean }> {
  const binary = ['Yes', 'No'];
  const { completionModel, lineState } = await import('./completion-model.js');
  const st = lineState(completionModel(await program()), joinColons(before));
  const market = marketOf(st);
  if (!market) return { labels: binary, abandoned: false };
  const exchange = st.values.get('--exchange')?.toLowerCase();
  const profile = st.values.get('--profile');
  const key = JSON.stringify([market, exchange ?? '', profile ?? '', env.PMT_KALSHI_API_URL ?? '', env.PMT_POLYMARKET_GAMMA_URL ?? '']);
  const cache = new LabelCache(env);
  const known = cache.get(key);
  if (known) return { labels: [...known, ...binary], abandoned: false };

  let settled = false;
  const read = (async () => {
    const [{ Context }, { IO }, { Writable }, { outcomeLabels }, { EXCHANGE_IDS }] = await Promise.all([
      import('../context.js'),
      import('../render/io.js'),
      import('node:stream'),
      import('../ops/outcomes.js'),
      import('../exchanges/registry.js'),
    ]);
    const silent = () => new Writable({ write: (_c, _e, done) => done() });
    const ctx = new Context({ env, io: new IO({ env, stdout: silent(), stderr: silent() }), globals: { exchange, profile } });
    const ex = (EXCHANGE_IDS as readonly string[]).includes(exchange ?? '') ? ctx.exchangeFlag() : undefined;
    return outcomeLabels(ctx, { asset_id: market, exchange: ex });
  })().finally(() => (settled = true));
  read.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), OUTCOMES_TIMEOUT_MS)));
  const labels = await Promise.race([read, deadline]).catch(() => null);
  clearTimeout(timer);
  if (!labels) return { labels: binary, abandoned: !settled };
  if (labels.length) cache.put(key, labels);
  return { labels: [...labels, ...binary], abandoned: false };
}

/** Labels by market in one small file (0600) in the config directory, reused for a short while. */
class LabelCache {
  private readonly file: string | null;
  private readonly ttlMs: number;
  constructor(env: NodeJS.ProcessEnv) {
    const v = env.PMT_COMPLETE_CACHE_SECONDS;
    this.ttlMs = (v !== undefined && /^\d+$/.test(v) ? Number(v) : OUTCOMES_TTL_SECONDS) * 1000;
    this.file = this.ttlMs > 0 ? join(configDir(env), CACHE_FILE) : null;
  }

  private read(): Record<string, { at: number; labels: string[] }> {
    if (!this.file) return {};
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, { at: number; labels: string[] }>) : {};
    } catch {
      return {};
    }
  }

  get(key: string): string[] | undefined {
    const e = this.read()[key];
    const age = Date.now() - (e?.at ?? 0);
    return e && Array.isArray(e.labels) && age >= 0 && age < this.ttlMs ? e.labels.filter((l) => typeof l === 'string') : undefined;
  }

  put(key: string, labels: string[]): void {
    if (!this.file) return;
    const now = Date.now();
    const fresh = Object.entries(this.read()).filter(([k, e]) => k !== key && now - e.at < this.ttlMs);
    const kept = Object.fromEntries([...fresh.slice(-(CACHE_ENTRIES - 1)), [key, { at: now, labels }]]);
    try {
      mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 });
      // Written whole then renamed: a completion running beside this one never reads half a file.
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(kept), { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch {
      /* no cache: the next Tab asks again */
    }
  }
}
