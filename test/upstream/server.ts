/**
 * A loopback HTTP server for upstream doubles: a tiny router, a log of every request received,
 * and fault injection (status codes, Retry-After, resets, stalls, malformed/truncated/HTML bodies)
 * so tests can assert how many requests pmt really sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RecordedRequest {
  method: string;
  /** Path without query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** When the double received the request (Date.now(), ms): pacing tests read rates from it. */
  at?: number;
}

export interface Reply {
  status?: number;
  json?: unknown;
  /** Raw body (wins over json). */
  body?: string;
  headers?: Record<string, string>;
}

/** A route handler; returning undefined passes the request on to the next matching route. */
export type Handler = (req: RecordedRequest, params: Record<string, string>) => Reply | undefined | Promise<Reply | undefined>;

export type Fault =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'stall'; ms?: number }
  | { kind: 'html'; status?: number; body?: string }
  | { kind: 'malformed' }
  | { kind: 'truncated' }
  /** Run the real handler, then drop the connection without answering (a write that landed). */
  | { kind: 'reset-after-handling' }
  /** Run the real handler (the write lands), then answer this error status instead (issue 28: a CLOB 500 after storing). */
  | { kind: 'status-after-handling'; status: number; body?: string }
  | { kind: 'stall-after-handling'; ms?: number }
  /** Run the real handler, announce its full Content-Length, send half of the body, drop the connection. */
  | { kind: 'cut' }
  /** Run the real handler, send the headers and half of the body, then go quiet. */
  | { kind: 'stall-body'; ms?: number }
  /** Wait, then answer normally (slow but alive). */
  | { kind: 'delay'; ms: number };

interface Route {
  method: string;
  re: RegExp;
  keys: string[];
  handler: Handler;
}

interface InjectedFault {
  fault: Fault;
  match: (r: RecordedRequest) => boolean;
  remaining: number;
}

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: string, handler: Handler): this {
    const keys: string[] = [];
    const re = new RegExp(
      '^' +
        pattern.replace(/[.+*?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, k: string) => {
          keys.push(k);
          return '([^/]+)';
        }) +
        '/?$',
    );
    this.routes.push({ method: method.toUpperCase(), re, keys, handler });
    return this;
  }

  get(p: string, h: Handler): this {
    return this.on('GET', p, h);
  }
  post(p: string, h: Handler): this {
    return this.on('POST', p, h);
  }
  delete(p: string, h: Handler): this {
    return this.on('DELETE', p, h);
  }

  /** Every route matching, in registration order (the first that answers wins). */
  matches(method: string, path: string): Array<{ handler: Handler; params: Record<string, string> }> {
    const out: Array<{ handler: Handler; params: Record<string, string> }> = [];
    for (const r of this.routes) {
      if (r.method !== method) continue;
      const m = r.re.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)));
      out.push({ handler: r.handler, params });
    }
    return out;
  }

  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | undefined {
    return this.matches(method, path)[0];
  }
}

export class UpstreamDouble {
  readonly requests: RecordedRequest[] = [];
  readonly unmatched: RecordedRequest[] = [];
  private faults: InjectedFault[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  /** WebSocket upgrade handlers (the stream doubles), tried in order until one takes the request. */
  private readonly upgrades: Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => boolean> = [];
  url = '';
  /** Prefix every route lives under (e.g. "/trade-api/v2"). */
  constructor(
    readonly name: string,
    readonly router: Router,
    readonly prefix = '',
  ) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!this.upgrades.some((h) => h(req, socket, head))) socket.destroy();
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const { port: p } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${p}${this.prefix}`;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Serve WebSocket upgrades: the handler returns false for requests it does not take. */
  onUpgrade(handler: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean): void {
    this.upgrades.push(handler);
  }

  /** The ws:// URL of a path on this server. */
  wsUrl(path: string): string {
    return this.url.replace(/^http:/, 'ws:').replace(/(ws:\/\/[^/]+).*$/, '$1') + path;
  }

  /** Inject a fault for the next `times` requests that match (method and/or path regex). */
  inject(fault: Fault, opts: { times?: number; method?: string; path?: RegExp } = {}): void {
    this.faults.push({
      fault,
      remaining: opts.times ?? 1,
      match: (r) => (!opts.method || r.method === opts.method.toUpperCase()) && (!opts.path || opts.path.test(r.path)),
    });
  }

  clearFaults(): void {
    this.faults = [];
  }

  resetLog(): void {
    this.requests.length = 0;
    this.unmatched.length = 0;
  }

  /** Requests received whose path matches. */
  count(path?: RegExp, method?: string): number {
    return this.requests.filter((r) => (!path || path.test(r.path)) && (!method || r.method === method)).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    let path = url.pathname;
    if (this.prefix && path.startsWith(this.prefix)) path = path.slice(this.prefix.length) || '/';
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    this.requests.push(rec);

    const f = this.faults.find((x) => x.remaining > 0 && x.match(rec));
    if (f) f.remaining -= 1;
    const fault = f?.fault;
    if (fault) {
      switch (fault.kind) {
        case 'reset':
          req.socket.destroy();
          return;
        case 'stall':
          await sleep(fault.ms ?? 60_000);
          if (!res.destroyed) req.socket.destroy();
          return;
        case 'status':
          res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
          res.end(fault.body ?? JSON.stringify({ error: `injected ${fault.status}` }));
          return;
        case 'html':
          res.writeHead(fault.status ?? 403, { 'content-type': 'text/html; charset=UTF-8' });
          res.end(fault.body ?? '<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>Sorry, you have been blocked</body></html>');
          return;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"markets": [ this is not json');
          return;
        case 'truncated': {
          const out = await this.dispatch(rec);
          const body = out.body ?? JSON.stringify(out.json ?? {});
          res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
          res.end(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
          return;
        }
        case 'status-after-handling':
          await this.dispatch(rec);
          res.writeHead(fault.status, { 'content-type': 'application/json' });
          res.end(fault.body ?? JSON.stringify({ error: `injected ${fault.status}` }));
          return;
        case 'reset-after-handling':
          await this.dispatch(rec);
          req.socket.destroy();
          return;
        case 'stall-after-handling':
          await this.dispatch(rec);
          await sleep(fault.ms ?? 60_000);
          if (!res.destroyed) req.socket.destroy();
          return;
        case 'cut':
        case 'stall-body': {
          const out = await this.dispatch(rec);
          const buf = Buffer.from(out.body ?? JSON.stringify(out.json ?? null), 'utf8');
          res.writeHead(out.status ?? 200, { 'content-type': 'application/json', 'content-length': String(buf.length), ...out.headers });
          res.write(buf.subarray(0, Math.floor(buf.length / 2)));
          if (fault.kind === 'stall-body') await sleep(fault.ms ?? 60_000);
          req.socket.destroy();
          return;
        }
        case 'delay':
          await sleep(fault.ms);
          break;
      }
    }
    const out = await this.dispatch(rec);
    const body = out.body ?? JSON.stringify(out.json ?? null);
    if (res.destroyed) return;
    res.writeHead(out.status ?? 200, { 'content-type': 'application/json', ...out.headers });
    res.end(body);
  }

  private async dispatch(rec: RecordedRequest): Promise<Reply> {
    for (const m of this.router.matches(rec.method, rec.path)) {
      try {
        const reply = await m.handler(rec, m.params);
        if (reply !== undefined) return reply;
      } catch (e) {
        return { status: 500, json: { error: `${this.name} double crashed: ${(e as Error).message}` } };
      }
    }
    this.unmatched.push(rec);
    return { status: 404, json: { error: `${this.name} double: no route for ${rec.method} ${rec.path}` } };
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref?.());
}

export function parseJsonBody<T = unknown>(req: RecordedRequest): T {
  return JSON.parse(req.body || 'null') as T;
}
