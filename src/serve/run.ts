/**
 * `pmt serve`: the interface as a REST service under /v1. Binds 127.0.0.1 by default, needs a
 * bearer token on every request, trades with the profile resolved at start, logs one line per
 * request on stderr and drains in-flight requests on SIGINT/SIGTERM before exiting 0.
 *
 * Everything the server says about itself (URL, token, warnings, request lines) goes to stderr:
 * stdout carries data only, and serve has none. A generated token is printed exactly once.
 */
import { join } from 'node:path';
import { openJournal } from '../journal.js';
import { configDir, riskAccess } from '../profiles.js';
import { IDEMPOTENCY_FILE, IdempotencyStore } from '../ops/idempotency.js';
import type { Context } from '../context.js';
import type { ResolvedCredentials } from '../credentials.js';
import type { CredentialField } from '../exchanges/credential-spec.js';
import { secretForms } from '../secrets.js';
import { PmtError, usageError } from '../errors.js';
import { preloadHttp } from '../exchanges/http.js';
import { ALL_MANIFESTS, EXCHANGE_IDS, manifestOf } from '../exchanges/registry.js';
import { missingCredentials } from '../ops/credentials.js';
import { SERVE_NAMES, type Services } from '../ops/services.js';
import { parseInteger } from '../validate.js';
import { buildApp } from './app.js';
import { isLoopbackHost, readServeToken, tokenProblem } from './guard.js';
import { serveStats, type ServeStats } from './stats.js';

interface Opts {
  host?: string;
  port?: string;
  /** Refused: argv is readable by every user of the machine (ps). */
  token?: string;
  tokenFile?: string;
  allowRemote?: boolean;
}

/** How long in-flight requests may take to finish after SIGINT/SIGTERM before connections are cut. */
const GRACE_MS = Number(process.env.PMT_SERVE_GRACE_MS) || 10_000;

export async function run(ctx: Context, opts: Opts, _args: string[] = []): Promise<void> {
  const host = parseHost(opts.host ?? '127.0.0.1');
  const port = parseInteger('--port', opts.port ?? '8080', 0, 65535);
  const loopback = isLoopback(host);
  if (!loopback && !opts.allowRemote) {
    throw usageError(
      `--host ${host} makes the server reachable from other machines, over plain HTTP: add --allow-remote to mean it (it then needs a strong token; put TLS in front), or bind 127.0.0.1`,
    );
  }
  const { token, source } = readServeToken(ctx.env, opts, (line) => ctx.io.err(`[pmt serve] ${line}`));
  const problem = tokenProblem(token, !loopback);
  if (problem) throw usageError(problem);
  const say = (line: string) => ctx.io.err(`[pmt serve] ${line}`);

  // The profile is fixed now: later `pmt profile use` in another shell does not change what this
  // server trades with. Bad credentials fail the start, not the first order.
  const creds = await ctx.credentials();
  // Adapters and the HTTP client load now, so the first request does not stall the event loop.
  await Promise.all([...EXCHANGE_IDS.map((id) => ctx.exchange(id)), preloadHttp()]);

  const services = serveServices(ctx, creds);
  warmStores(services, say);

  let stats: ServeStats | undefined;
  const app = await buildApp({
    token,
    checkHost: loopback,
    services,
    secrets: [token, ...secretsOf(creds)],
    log: (line) => {
      stats?.request();
      say(line);
    },
    onSchemaMismatch: (route, problem) => say(`warning: the response of ${route} does not match its schema: ${problem}`),
  });

  try {
    await app.listen({ host, port });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs privileges' : `cannot be bound (${code ?? 'error'})`;
    throw new PmtError('Config', `${host}:${port} ${why}`, { hint: 'pick another with --port or --host' });
  }
  stats = serveStats(ctx.env.PMT_SERVE_STATS === '1', say);
  const addr = app.server.address();
  const bound = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  if (source === 'generated') say(`token (generated, shown only now): ${token}`);
  else say(`token: from ${source}`);
  if (!loopback) {
    say(`warning: ${host} is reachable from other machines; anyone with the token can trade with this profile, over plain HTTP`);
  }
  // Last, so a script can wait for this line and know the rest has been said.
  say(`listening on ${url}/v1 (profile: ${creds.profileName ?? 'none'}; ${credentialsLine(creds)}; OpenAPI: ${url}/v1/openapi.json)`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second signal: stop waiting for in-flight requests.
        app.server.closeAllConnections();
        return;
      }
      stopping = true;
      say(`${signal}: finishing in-flight requests, accepting no new ones`);
      const force = setTimeout(() => app.server.closeAllConnections(), GRACE_MS);
      force.unref();
      void app.close().then(() => {
        clearTimeout(force);
        // The handlers stay installed until the process exits: a signal that arrives while the
        // last lines are written must not kill it with the default action (exit by signal).
        resolve();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  stats?.stop();
  say('stopped');
}

/** The ops' services over the profile fixed at start (credentials never re-read). */
function serveServices(ctx: Context, creds: ResolvedCredentials): Services {
  const journal = openJournal(configDir(ctx.env));
  const idempotency = new IdempotencyStore(() => ctx.now(), join(configDir(ctx.env), IDEMPOTENCY_FILE));
  const configured = EXCHANGE_IDS.filter((id) => manifestOf(id).credentials.configured(creds));
  return {
    exchange: (id) => ctx.exchange(id),
    configured: async () => configured,
    requireCredentials: async (id) => {
      if (!configured.includes(id)) throw missingCredentials(id, creds.profileName);
    },
    noCredentials: async () => new PmtError('Config', "the server's profile has no exchange credentials", { hint: 'restart `pmt serve` with a profile that has Kalshi or Polymarket credentials' }),
    now: () => ctx.now(),
    log: ctx.log,
    names: SERVE_NAMES,
    // Creates are journaled like the CLI's; an Idempotency-Key is remembered for 24 h.
    journal,
    idempotency,
    // The limits of the profile it was started with, read afresh per order (`pmt kill` elsewhere counts).
    risk: riskAccess(ctx.store, async () => creds.profileName),
  };
}

/**
 * Bring the journal's and the key store's indexes up to date before listening, so that no request
 * pays for indexing what earlier runs wrote. A store that cannot be read is not fatal here: keyed
 * sends refuse (Config) while it stays so, and everything else answers.
 */
function warmStores(services: Services, say: (line: string) => void): void {
  for (const store of [services.journal, services.idempotency]) {
    try {
      store?.warm();
    } catch (e) {
      say(`warning: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function parseHost(input: string): string {
  const h = input.trim().replace(/^\[(.*)\]$/, '$1');
  if (h === '' || h.length > 255 || /[\s/?#@]/.test(h)) throw usageError(`--host must be a host name or IP address (got "${input.slice(0, 60)}")`);
  return h;
}

export function isLoopback(host: string): boolean {
  return isLoopbackHost(host);
}

/** Which exchanges the server can trade on and where each key came from (the manifests' `identity`); never a value. */
function credentialsLine(c: ResolvedCredentials): string {
  const have = ALL_MANIFESTS.filter((m) => m.credentials.configured(c)).map((m) => `${m.id} from ${m.credentials.identity(c)?.origin ?? 'the profile'}`);
  return have.length ? `credentials: ${have.join(', ')}` : 'no credentials: market data and books only';
}

/** Every credential value of the profile (secrets and identifiers, in each form they can appear in), so no message can carry one out. */
function secretsOf(c: ResolvedCredentials): string[] {
  const out: string[] = [];
  for (const m of ALL_MANIFESTS) {
    if (!m.credentials.configured(c)) continue;
    for (const f of m.credentials.fields as readonly CredentialField[]) {
      const v = c.fields?.[m.credentials.key]?.[f.name]?.value;
      if (f.display === 'plain' || typeof v !== 'string') continue;
      out.push(v.trim(), v.trim().replace(/^0x/i, ''), ...secretForms(v));
    }
  }
  return out;
}
