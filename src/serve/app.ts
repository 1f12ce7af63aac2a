/**
 * The fastify application: the routes of `routes.ts` behind bearer-token auth, validated by their
 * schemas, answering with the interface's models serialised exactly like `--json` (JSON.stringify,
 * so bodies are byte-for-byte the CLI's) and failing with the error object only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import { PmtError, toPmtError } from '../errors.js';
import { errorReply, fastifyErrorReply, type ErrorReply } from './errors.js';
import { buildOpenApi } from './openapi.js';
import type { Services } from '../ops/services.js';
import { setMaxListeners } from 'node:events';
import { withAbortSignal } from '../exchanges/http.js';
import { sanitize } from '../safe-text.js';
import { redactSecrets } from '../secrets.js';
import { bearerGate, hostAllowed, Throttle, type ThrottleOptions } from './guard.js';
import { duplicateKey } from './json-body.js';
import { readRoute } from './route-def.js';
import { ROUTES } from './routes.js';
import { ErrorObject, type JsonSchema } from './schemas.js';
import { registerStreamRoute, STREAM_PATH } from './stream-route.js';
import type { HubLimits, StreamHub } from './stream-hub.js';

export interface AppOptions {
  token: string;
  services: Services;
  /** One line per request (method, path, status, ms). */
  log?: (line: string) => void;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Strings that must never leave the server (credentials, the token): scrubbed from messages. */
  secrets?: string[];
  /** Per-client bound of the book stream's queue (default 1 MiB). */
  streamLimits?: HubLimits;
  /** Warn (through `log`) when a success body does not match its documented schema. */
  onSchemaMismatch?: (route: string, problem: string) => void;
  /** Answer only requests whose `Host` is a loopback name (a loopback bind: DNS rebinding). */
  checkHost?: boolean;
  /** The growing delay after wrong tokens (guard.ts); tests shorten it. */
  throttle?: ThrottleOptions;
  /** A request's headers and body must have arrived within this (slow unauthenticated clients). */
  requestTimeoutMs?: number;
}

/** Headers and body of a request arrive within this, or the connection is closed. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export const DEFAULT_BODY_LIMIT = 16 * 1024;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => void;

function ajv(coerce: boolean, defaults = true): Ajv {
  // Query strings arrive as text and need coercing to the declared types; JSON bodies are typed
  // already, so a string price or a boolean size there is an error, never coerced.
  const a = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: defaults, removeAdditional: false, allErrors: false, strict: false });
  addFormats(a);
  return a;
}

const hubs = new WeakMap<FastifyInstance, StreamHub>();
/** The book-stream hub of an app (clients and upstream subscriptions, for tests and stats). */
export function streamHubOf(app: FastifyInstance): StreamHub | undefined {
  return hubs.get(app);
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({
    logger: false,
    bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT,
    exposeHeadRoutes: false,
    // In-flight requests finish on close; requests still arriving on a kept-alive connection are
    // served too (with `Connection: close`) instead of fastify's non-interface 503 body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A client that sends its request slowly (or never finishes it) is cut off: without these,
    // thousands of such connections, unauthenticated, would hold the server (fastify's default is
    // no request timeout at all). Checked every second rather than Node's 30.
    requestTimeout: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: Math.min(5_000, opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1_000, opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    } as never,
    frameworkErrors: (err, _req, reply) => send(reply, fastifyErrorReply(err as never) ?? { status: 400, body: { kind: 'Api', message: 'the request is malformed' } }),
  });
  const queryAjv = ajv(true);
  const bodyAjv = ajv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema as JsonSchema));

  // Responses: exactly JSON.stringify, as `--json` prints (fast-json-stringify would reorder fields
  // by schema and silently drop extras). The documented schema is still checked on the way out.
  const check = ajv(false, false); // never alters what it checks
  app.setSerializerCompiler(({ schema, url }) => {
    if (schema === ErrorObject || opts.onSchemaMismatch === undefined) return (data) => JSON.stringify(data);
    const validate: ValidateFunction = check.compile(schema as JsonSchema);
    return (data) => {
      if (!validate(data)) {
        const e = validate.errors?.[0];
        opts.onSchemaMismatch?.(url, `${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}`);
      }
      return JSON.stringify(data);
    };
  });

  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 8);
  // The start-time list, then the process's registry (credentials derived later, e.g. Polymarket's).
  const scrub = (s: string) => redactSecrets(secrets.reduce((acc, secret) => acc.split(secret).join('[redacted]'), s));
  const starts = new WeakMap<FastifyRequest, bigint>();
  const kinds = new WeakMap<FastifyReply, string>();

  function send(reply: FastifyReply, r: ErrorReply): FastifyReply {
    kinds.set(reply, r.body.kind);
    if (r.headers) reply.headers(r.headers);
    return reply.code(r.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ ...r.body, kind: r.body.kind, message: scrub(r.body.message) });
  }

  const gate = bearerGate(opts.token, new Throttle(opts.throttle));
  app.addHook('onRequest', async (req, reply) => {
    starts.set(req, process.hrtime.bigint());
    if (opts.checkHost && !hostAllowed(req.headers.host)) {
      const host = sanitize(req.headers.host ?? '').slice(0, 100);
      return send(reply, {
        status: 403,
        body: { kind: 'Authentication', message: `this server answers only requests addressed to 127.0.0.1, localhost or [::1], not to Host "${host}" (protection against DNS rebinding)` },
      });
    }
    // The right token is never delayed (a client sending none or a wrong one from the same
    // address must not lock the token holder out); only failures wait their growing turn.
    const refusal = await gate(req.headers.authorization, req.socket.remoteAddress ?? 'unknown', () => req.raw.socket?.destroyed === true);
    if (refusal === null) return;
    // Gone while waiting: nothing is learnt from an answer nobody reads, so nothing is counted.
    if (refusal === 'gone') return reply.code(499).send();
    return send(reply, refusal);
  });

  // The interface's POSTs take JSON only; fastify would also accept text/plain.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT }, (_req, text, done) => {
    if (typeof text !== 'string' || text.trim() === '') return done(new PmtError('Api', 'the request body is empty: send a JSON object', { usage: true }), undefined);
    let body: unknown;
    try {
      // An own "__proto__" key stays a plain property and the closed body schemas reject it.
      body = JSON.parse(text);
    } catch {
      return done(new PmtError('Api', 'the request body is not valid JSON', { usage: true }), undefined);
    }
    // `"size":1,"size":2` would place size 2 while a reader of the body sees 1 first: refused.
    const dup = duplicateKey(text);
    if (dup !== null) return done(new PmtError('Api', `the request body has the key "${sanitize(dup).slice(0, 60)}" more than once: send each field once`, { usage: true }), undefined);
    done(null, body);
  });
  app.addHook('preValidation', async (req, reply) => {
    // Only operations that take a body (a POST to a GET path is answered 405 by the not-found handler).
    if (req.method !== 'POST' || !req.routeOptions.schema?.body) return;
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return send(reply, { status: 415, body: { kind: 'Api', message: 'POST bodies must be JSON: send "Content-Type: application/json" and a JSON object' } });
    }
  });

  // Once closing, every response ends its connection, so keep-alive clients cannot hold the
  // server open after their in-flight request is answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  app.addHook('onResponse', async (req, reply) => {
    const t0 = starts.get(req);
    const ms = t0 === undefined ? 0 : Number(process.hrtime.bigint() - t0) / 1e6;
    const kind = kinds.get(reply);
    const path = (req.url ?? '').split('?')[0];
    opts.log?.(`${req.method} ${path} ${reply.statusCode}${kind ? ` ${kind}` : ''} ${ms.toFixed(1)}ms`);
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof PmtError) return send(reply, errorReply(err));
    const fe = fastifyErrorReply(err as never);
    return send(reply, fe ?? errorReply(toPmtError(err), true));
  });

  const byPath = new Map<string, string[]>();
  for (const r of ROUTES) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.method]);
  byPath.set('/v1/openapi.json', ['GET']);
  byPath.set(STREAM_PATH, ['GET']);
  app.setNotFoundHandler((req, reply) => {
    const path = (req.url ?? '').split('?')[0]!;
    const allowed = byPath.get(path);
    if (allowed) {
      return send(reply, { status: 405, body: { kind: 'Api', message: `${path} takes ${allowed.join(', ')}, not ${req.method}` }, headers: { Allow: allowed.join(', ') } });
    }
    return send(reply, { status: 404, body: { kind: 'Api', message: `no operation at ${req.method} ${path.slice(0, 200)}; the operations are listed at GET /v1/openapi.json` } });
  });

  for (const r of ROUTES) {
    app.route({
      method: r.method,
      url: r.path,
      schema: {
        ...(r.querystring ? { querystring: r.querystring } : {}),
        ...(r.body ? { body: r.body } : {}),
        response: { 200: r.response },
      },
      handler: async (req, reply) => {
        const run = async () => r.handler(opts.services, { input: readRoute(r, r.method === 'GET' ? req.query : req.body), headers: req.headers });
        // A client that goes away abandons its read: its requests leave the exchange's rate queue
        // (so abandoned book requests cannot delay a cancel) and reads in flight stop. Operations
        // that write (POST) always run to the end: an order's outcome must be known and journaled.
        let out: Awaited<ReturnType<typeof run>>;
        if (r.method === 'GET') {
          const gone = new AbortController();
          // One request can fan out many upstream reads (search_markets), each listening on this
          // signal until it settles: no listener leak, so no limit (and no MaxListenersExceededWarning).
          setMaxListeners(0, gone.signal);
          reply.raw.once('close', () => {
            if (!reply.raw.writableFinished) gone.abort();
          });
          out = await withAbortSignal(gone.signal, run);
        } else {
          out = await run();
        }
        if (out.headers) reply.headers(out.headers);
        return reply.type('application/json; charset=utf-8').send(out.body);
      },
    });
  }
  hubs.set(app, registerStreamRoute(app, opts.services, opts.streamLimits));
  const doc = JSON.stringify(buildOpenApi());
  app.get('/v1/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').serializer((s: unknown) => s as string).send(doc));
  return app;
}
