/**
 * What stands between the network and `pmt serve`'s operations, besides the token itself:
 *
 * - The token's strength: at least 32 characters (a generated one has 256 bits), and for a
 *   server reachable beyond loopback, no low-variety text either.
 * - A Host allow-list on loopback binds: a web page the user visits can point a DNS name at
 *   127.0.0.1 (DNS rebinding) and then talk to the server as a "same-origin" site; its requests
 *   carry that name in `Host`, so anything but a loopback name is refused (403).
 * - A growing delay after wrong tokens, per client address: each wrong or missing token doubles
 *   the wait (25 ms … 5 s) before the next failure from that address is answered, so neither
 *   speed nor parallel connections help guessing. A request carrying the right token is never
 *   delayed and never refused by the throttle (on loopback every client shares one address: a
 *   script without the token must not lock the token holder out). A client with too many failing
 *   requests waiting is answered 429 at once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { usageError } from '../errors.js';

/** Shorter tokens are refused: guessing stays out of reach even without the throttle. */
export const MIN_TOKEN_LENGTH = 32;

/** The problem with a token as text, or null. `remote`: also refuse low-variety tokens. */
export function tokenProblem(token: string, remote: boolean): string | null {
  if (!/^[\x21-\x7e]+$/.test(token)) return 'the serve token must be printable ASCII without spaces';
  if (token.length < MIN_TOKEN_LENGTH) {
    return `the serve token has ${token.length} characters; it needs at least ${MIN_TOKEN_LENGTH} (or give none: a random one is generated and printed once)`;
  }
  if (remote && new Set(token).size < 16) {
    return 'the serve token is too uniform for a server reachable from other machines (fewer than 16 different characters): give none and use the generated one, or e.g. `openssl rand -base64 32`';
  }
  return null;
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127\./.test(h);
}

/**
 * The host name of a `Host` header ("127.0.0.1:8080", "[::1]:8080", "localhost"), or null when
 * it is not one.
 */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[0-9a-f:.]+\]|[^:\s[\]]+)(?::\d{1,5})?$/i.exec(header.trim());
  if (!m) return null;
  const h = m[1]!;
  return h.startsWith('[') ? h.slice(1, -1) : h;
}

/** On a loopback bind, only requests addressed to a loopback name (or IP) are answered. */
export function hostAllowed(header: string | undefined): boolean {
  const h = hostName(header);
  return h !== null && (isLoopbackHost(h) || (isIP(h) === 4 && h.startsWith('127.')));
}

export interface ThrottleOptions {
  baseMs?: number;
  capMs?: number;
  /** Requests allowed to wait at once per client; more are answered 429 unseen. */
  maxWaiting?: number;
  /** Failures are forgotten after this long without one. */
  forgetMs?: number;
  now?: () => number;
}

interface Client {
  failures: number;
  /** No request of this client is looked at before this time. */
  gate: number;
  waiting: number;
  last: number;
  /** Settles when the client's previous request has had its token checked (one at a time). */
  chain: Promise<void>;
}

/** Call once the admitted (failing) request has been counted with `failed`. */
export type Release = () => void;
const NOTHING: Release = () => undefined;

/** The growing delay after wrong tokens, per client address. */
export class Throttle {
  private readonly clients = new Map<string, Client>();
  private readonly baseMs: number;
  private readonly capMs: number;
  private readonly maxWaiting: number;
  private readonly forgetMs: number;
  private readonly now: () => number;

  constructor(o: ThrottleOptions = {}) {
    this.baseMs = o.baseMs ?? 25;
    this.capMs = o.capMs ?? 5000;
    this.maxWaiting = o.maxWaiting ?? 64;
    this.forgetMs = o.forgetMs ?? 10 * 60_000;
    this.now = o.now ?? Date.now;
  }

  /**
   * A failing request waits its turn: after the client's earlier failures were answered, and past
   * its gate. Resolves to a release to call once this failure is counted, or null when too many of
   * the client's failures are already waiting (answer 429 at once).
   */
  async admit(client: string): Promise<Release | null> {
    const c = this.clients.get(client);
    if (!c) return NOTHING;
    if (this.now() - c.last > this.forgetMs && c.waiting === 0) {
      this.clients.delete(client);
      return NOTHING;
    }
    if (c.waiting >= this.maxWaiting) return null;
    c.waiting++;
    const previous = c.chain;
    let release: Release = NOTHING;
    c.chain = new Promise<void>((r) => (release = r));
    try {
      await previous;
      for (let wait = c.gate - this.now(); wait > 0; wait = c.gate - this.now()) await new Promise((r) => setTimeout(r, wait));
    } catch {
      /* never rejects */
    } finally {
      c.waiting--;
    }
    return release;
  }

  /** A wrong or missing token: the client's next request waits twice as long as the last. */
  failed(client: string): void {
    const now = this.now();
    const c = this.clients.get(client) ?? { failures: 0, gate: now, waiting: 0, last: now, chain: Promise.resolve() };
    c.failures++;
    c.last = now;
    c.gate = Math.max(c.gate, now) + Math.min(this.capMs, this.baseMs * 2 ** Math.min(20, c.failures - 1));
    this.clients.set(client, c);
    if (this.clients.size > 10_000) this.sweep(now);
  }

  /** Seconds until the client's next request is looked at (Retry-After). */
  retryAfter(client: string): number {
    const c = this.clients.get(client);
    return c ? Math.max(1, Math.ceil((c.gate - this.now()) / 1000)) : 1;
  }

  private sweep(now: number): void {
    for (const [k, c] of this.clients) if (now - c.last > this.forgetMs || (c.gate < now && c.waiting === 0 && now - c.last > 60_000)) this.clients.delete(k);
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** `Authorization: Bearer <token>` compared in constant time (equal-length digests); undefined when absent. */
export function tokenMatches(header: string | undefined, expected: Buffer): boolean | undefined {
  if (header === undefined) return undefined;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return timingSafeEqual(digest(m ? m[1]! : ''), expected) && m !== null;
}

/** What a refused request is answered (the error object, its status and headers). */
export interface Refusal {
  status: number;
  body: { kind: 'Authentication' | 'RateLimited'; message: string };
  headers?: Record<string, string>;
}

/**
 * The bearer check of `pmt serve` and `pmt mcp --http`, one rule for both: the right token passes
 * at once; a missing or wrong one waits its growing turn (Throttle) and is then refused (401), or
 * 429 at once when too many of that client's failures already wait. `gone()` says the client left
 * while waiting: nothing is counted for an answer nobody reads ('gone').
 */
export function bearerGate(token: string, throttle: Throttle): (authorization: string | undefined, client: string, gone: () => boolean) => Promise<Refusal | 'gone' | null> {
  const expected = digest(token);
  return async (authorization, client, gone): Promise<Refusal | 'gone' | null> => {
    const ok = tokenMatches(authorization, expected);
    if (ok) return null;
    const turn = await throttle.admit(client);
    if (!turn) {
      return {
        status: 429,
        body: { kind: 'RateLimited', message: 'too many requests with wrong tokens from this address are waiting: slow down' },
        headers: { 'Retry-After': String(throttle.retryAfter(client)) },
      };
    }
    if (gone()) {
      turn();
      return 'gone';
    }
    throttle.failed(client);
    turn();
    const why = ok === undefined ? 'missing bearer token: send the header "Authorization: Bearer <token>"' : 'the bearer token is not valid';
    return { status: 401, body: { kind: 'Authentication', message: why }, headers: { 'WWW-Authenticate': 'Bearer realm="pmt"' } };
  };
}

/**
 * The token: from `--token-file` (its first line), else `PMT_SERVE_TOKEN`, else 256 random bits
 * printed once. Never from argv (`--token` is refused with this hint). `pmt serve` and `pmt mcp --http`
 * read it the same way.
 */
export function readServeToken(
  env: Record<string, string | undefined>,
  opts: { token?: string; tokenFile?: string },
  warn: (line: string) => void,
): { token: string; source: string } {
  if (opts.token !== undefined) {
    throw usageError('--token is refused: a token on the command line is visible to every user of this machine (ps) for the server\'s lifetime. Set PMT_SERVE_TOKEN, or give --token-file FILE, or give neither for a random token printed once');
  }
  if (opts.tokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.tokenFile, 'utf8');
    } catch (e) {
      throw usageError(`--token-file ${opts.tokenFile} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const token = text.split(/\r?\n/)[0]!.trim();
    if (token === '') throw usageError(`--token-file ${opts.tokenFile} is empty`);
    try {
      const mode = statSync(opts.tokenFile).mode & 0o777;
      if (process.platform !== 'win32' && mode & 0o077) warn(`warning: ${opts.tokenFile} is readable by other users (mode ${mode.toString(8)}); consider \`chmod 600 ${opts.tokenFile}\``);
    } catch {
      /* it was just read */
    }
    return { token, source: `--token-file ${opts.tokenFile}` };
  }
  const fromEnv = env.PMT_SERVE_TOKEN;
  if (fromEnv !== undefined && fromEnv !== '') return { token: fromEnv, source: 'PMT_SERVE_TOKEN' };
  return { token: randomBytes(32).toString('base64url'), source: 'generated' };
}
