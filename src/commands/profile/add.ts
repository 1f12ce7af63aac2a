/**
 * `pmt profile add <name>`: every value as a flag named after its environment variable (the
 * manifests' credential fields); on a terminal, prompts for what is missing. Secrets never come
 * from argv (secrets-input.ts): stdin, the environment, or a hidden prompt. Values are checked
 * before they are stored (a key really loaded by its exchange's loader). An existing profile is
 * updated: values given replace stored ones, the rest are kept. The first profile becomes the
 * active one. Each exchange's section follows its fields as declared (order, checks, prompts),
 * or the exchange's own section where its fields' rules span several (Polymarket's wallet).
 */
import type { Context } from '../../context.js';
import { sectionOf } from '../../credentials.js';
import { usageError } from '../../errors.js';
import type { CredentialField, ProfileSection } from '../../exchanges/credential-spec.js';
import type { ExchangeManifest } from '../../exchanges/manifest.js';
import { ALL_MANIFESTS as MANIFESTS, type ExchangeId } from '../../exchanges/registry.js';
import { PROFILE_NAME_RE, type Profile } from '../../profiles.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { savedLines } from '../../render/views/profiles.js';
import { profileSummary } from './summary.js';
import * as ask from './ask.js';
import { envSecret, optionKey, refuseSecretFlags, stdinSecret } from './secrets-input.js';
import { checkKeyFile, keyCheck, tokenProblem } from './fields.js';

/** Flag values by Commander's option key (`kalshiApiKeyId`, `polymarketUsPrivateKeyStdin`). */
export type AddOpts = Partial<Record<string, string | boolean | undefined>>;
type Origins = Partial<Record<string, string>>;

const fieldsOf = (m: ExchangeManifest) => m.credentials.fields as readonly CredentialField[];

/** The option keys that carry a value of this exchange (a secret read from stdin lands on its value key). */
const optionKeysOf = (m: ExchangeManifest) => fieldsOf(m).flatMap((f) => [optionKey(f.flag), ...(f.file ? [optionKey(f.file.flag)] : [])]);

/** A variable's value as `profile add` takes it: a secret's when it holds more than blanks, another's when set. */
const fromVar = (f: CredentialField, env: NodeJS.ProcessEnv): string | undefined =>
  f.env === undefined ? undefined : f.display === 'secret' ? envSecret({ env: f.env }, env) : env[f.env] || undefined;

function check(problem: string | null): void {
  if (problem) throw usageError(problem);
}

/** An exchange whose every required value that `profile add` may take from the environment is there. */
function wantedFromEnv(m: ExchangeManifest, env: NodeJS.ProcessEnv): boolean {
  const takeable = fieldsOf(m).filter((f) => f.required && (f.add?.fromEnv || f.file?.fromEnv));
  return takeable.length > 0 && takeable.every((f) => (f.file?.fromEnv && env[f.file.env]) || (f.add?.fromEnv && fromVar(f, env) !== undefined));
}

export async function run(ctx: Context, opts: AddOpts, args: string[], deps: { prompter?: Prompter; readStdin?: () => Promise<string> } = {}): Promise<void> {
  const name = args[0] ?? '';
  if (!PROFILE_NAME_RE.test(name)) throw usageError(`profile name "${name.slice(0, 70)}" must be 1-64 letters, digits, "_", "." or "-"`);
  refuseSecretFlags(opts);
  // Where each secret came from, for messages (never the value).
  const origin: Origins = {};
  const piped = await stdinSecret(opts, deps.readStdin);
  if (piped) {
    opts[piped.spec.key] = piped.value;
    origin[piped.spec.key] = `${piped.spec.flag}-stdin`;
  }
  const existing: Profile = (await ctx.store.get(name)) ?? {};
  const pr = ctx.io.canPrompt ? (deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json })) : undefined;
  let want: ExchangeId[] = MANIFESTS.filter((m) => optionKeysOf(m).some((k) => opts[k] !== undefined)).map((m) => m.id);
  // Nothing named on the command line: the exchanges whose keys are in the environment.
  if (want.length === 0) want = MANIFESTS.filter((m) => wantedFromEnv(m, ctx.env)).map((m) => m.id);
  fromEnvironment(ctx, opts, existing, want, origin);
  if (want.length === 0) {
    if (!pr) {
      const ways = MANIFESTS.filter((m) => fieldsOf(m).length > 0).map((m) => m.credentials.add.howToGive);
      throw usageError(`give credentials for at least one exchange: ${ways.slice(0, -1).join(', ')}, and/or ${ways[ways.length - 1]} (on a terminal, pmt asks)`);
    }
    want = await ask.askExchanges(pr);
  }

  const profile: Profile = { ...existing };
  const keyLines: string[] = [];
  for (const m of MANIFESTS) {
    if (!want.includes(m.id)) continue;
    profile[m.credentials.profileKey] = await section(ctx, m, opts, sectionOf(existing, m) ?? {}, pr, origin, keyLines);
  }

  const { activated } = await ctx.store.put(name, profile);
  const active = (await ctx.store.active()) === name;
  if (ctx.json) return ctx.io.json(profileSummary(name, profile, active));
  ctx.io.out(savedLines(profileSummary(name, profile, active), { file: ctx.store.file, updated: Object.keys(existing).length > 0, activated, keyLines }).join('\n'));
}

/**
 * Values still missing for the exchanges being added, from the variables of the same name (the
 * fields marked `fromEnv`): only where nothing was given and nothing is stored (an update never
 * swaps a stored key for an ambient one); a field taken `with` another only beside it given now.
 * A key file named in the environment is stored as its path (the key stays in its file).
 */
function fromEnvironment(ctx: Context, o: AddOpts, existing: Profile, want: ExchangeId[], origin: Origins): void {
  for (const m of MANIFESTS) {
    if (!want.includes(m.id)) continue;
    const stored = sectionOf(existing, m) ?? {};
    for (const f of fieldsOf(m)) {
      if (!f.add?.fromEnv && !f.file?.fromEnv) continue;
      const key = optionKey(f.flag);
      const fileKey = f.file ? optionKey(f.file.flag) : undefined;
      if (f.add?.with !== undefined) {
        const beside = fieldsOf(m).find((x) => x.name === f.add!.with);
        if (!beside || o[optionKey(beside.flag)] === undefined || (f.add.unlessStored && stored[f.name])) continue;
      } else if (stored[f.name] || (f.file && stored[f.file.name])) continue;
      if (o[key] !== undefined || (fileKey && o[fileKey] !== undefined)) continue;
      if (f.file?.fromEnv && ctx.env[f.file.env]) {
        o[fileKey!] = ctx.env[f.file.env];
        continue;
      }
      const v = f.add?.fromEnv ? fromVar(f, ctx.env) : undefined;
      if (v === undefined) continue;
      o[key] = v;
      if (f.display !== 'secret') continue;
      origin[key] = f.env;
      if (!ctx.json) ctx.io.err(`note: ${f.what} taken from ${f.env}`);
    }
  }
}

/** One exchange's section: its own, or each field as declared. */
async function section(ctx: Context, m: ExchangeManifest, o: AddOpts, old: ProfileSection, pr: Prompter | undefined, origin: Origins, keyLines: string[]): Promise<ProfileSection> {
  const fields = fieldsOf(m);
  // Optional values are asked only when nothing about this exchange was given as a flag.
  const guided = pr !== undefined && !optionKeysOf(m).some((k) => o[k] !== undefined);
  const own = m.credentials.add.section;
  if (own) {
    const byName = <T>(pick: (f: CredentialField) => T) => Object.fromEntries(fields.map((f) => [f.name, pick(f)]));
    return (await own())({
      given: byName((f) => o[optionKey(f.flag)]),
      origin: byName((f) => origin[optionKey(f.flag)]),
      stored: old,
      prompter: pr,
      guided,
      err: (line) => ctx.io.err(line),
    });
  }
  const s: ProfileSection = { ...old };
  const kind = { found: undefined as string | undefined };
  const warn = (r: { warning?: string; kind?: string }) => {
    if (r.warning) ctx.io.err(`warning: ${r.warning}`);
    if (r.kind) kind.found = r.kind;
  };
  // A key both as a file and as text: refused before anything is checked.
  for (const f of fields) {
    if (f.file && o[optionKey(f.file.flag)] !== undefined && o[optionKey(f.flag)] !== undefined) {
      throw usageError(`give the ${f.add?.noun ?? f.name} either as --${f.file.flag} or through ${origin[optionKey(f.flag)] ?? f.env}, not both`);
    }
  }
  for (const f of fields) {
    const a = f.add ?? {};
    const given = o[optionKey(f.flag)];
    const givenPath = f.file ? o[optionKey(f.file.flag)] : undefined;
    const label = a.prompt?.label ?? f.name;
    const checked = async (what: string, v: string) => {
      if (a.check === 'token') return check(tokenProblem(what, v));
      if (a.check !== 'key') return;
      const r = await keyCheck(m, what, v);
      check(r.problem);
      warn(r);
    };
    const keep = (v: string) => (f.multiline ? v : v.trim());
    if (f.file && givenPath !== undefined) {
      const r = await checkKeyFile(m, `--${f.file.flag}`, String(givenPath));
      check(r.problem);
      warn(r);
      s[f.file.name] = r.absolute;
      delete s[f.name];
    } else if (given !== undefined) {
      if (typeof given === 'boolean') s[f.name] = given;
      else {
        await checked(f.display === 'secret' ? `the ${a.noun ?? f.name} from ${origin[optionKey(f.flag)] ?? 'input'}` : `--${f.flag}`, given);
        s[f.name] = keep(given);
        if (f.file) delete s[f.file.name];
      }
    } else if (f.required && !s[f.name] && !(f.file && s[f.file.name])) {
      if (!pr || !a.prompt) throw usageError(a.missing ?? `--${f.flag} is required with the other ${m.name} flags`);
      if (a.prompt.kind === 'path' && f.file) {
        const path = await pr.input({ message: a.prompt.message, validate: async (v) => (v.trim() ? ((await checkKeyFile(m, label, v)).problem ?? true) : 'enter a file path') });
        const r = await checkKeyFile(m, label, path);
        warn(r);
        s[f.file.name] = r.absolute;
      } else if (a.prompt.kind === 'password') {
        const v = await pr.password({ message: a.prompt.message, validate: (x) => tokenProblem(label, x) ?? true });
        if (a.check === 'key') await checked(`the ${a.noun ?? f.name} entered`, v);
        s[f.name] = keep(v);
      } else {
        s[f.name] = (await pr.input({ message: a.prompt.message, validate: (x) => tokenProblem(label, x) ?? true })).trim();
      }
    } else if (a.guided && guided && a.prompt) {
      if (a.prompt.kind === 'confirm') s[f.name] = await pr!.confirm({ message: a.prompt.message, default: s[f.name] === true });
      else {
        const v = (await pr!.input({ message: a.prompt.message })).trim();
        if (v) s[f.name] = v;
      }
    }
  }
  if (kind.found && m.credentials.add.keyKindLine) keyLines.push(m.credentials.add.keyKindLine(kind.found));
  return s;
}
