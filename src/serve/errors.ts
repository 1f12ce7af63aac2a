/**
 * Every failure as the interface's error object with the contract's status per kind
 * (`httpStatusFor`). Fastify's own failures (schema validation, malformed or oversized bodies,
 * bad URLs) become kind `Api` with the HTTP status that names the problem. Never a stack trace.
 */
import { httpStatusFor, PmtError, type ErrorKind, type ErrorObject, type PmtErrorOptions } from '../errors.js';

export interface ErrorReply {
  status: number;
  body: ErrorObject;
  headers?: Record<string, string>;
}

/** A failure that also has something to say in headers (cancel_all_orders' partial results). */
export class ServeError extends PmtError {
  constructor(
    kind: ErrorKind,
    message: string,
    opts: PmtErrorOptions,
    readonly headers: Record<string, string>,
  ) {
    super(kind, message, opts);
  }
}

/** A PmtError from the core; `internal` marks an unexpected failure of pmt itself (500). */
export function errorReply(e: PmtError, internal = false): ErrorReply {
  const status = internal ? 500 : httpStatusFor(e);
  const message = internal ? `internal error: ${e.message}` : e.message;
  const headers: Record<string, string> = { ...(e instanceof ServeError ? e.headers : {}) };
  if (e.kind === 'RateLimited') headers['Retry-After'] = String(Math.max(1, Math.ceil(e.retryAfter ?? 1)));
  return { status, body: { kind: e.kind, message: oneLine(message), ...(internal ? {} : e.details) }, headers };
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: AjvError[];
  validationContext?: string;
}

/** The error object for a fastify error, or undefined when it is not one of fastify's. */
export function fastifyErrorReply(err: FastifyLikeError): ErrorReply | undefined {
  const api = (status: number, message: string): ErrorReply => ({ status, body: { kind: 'Api', message } });
  if (Array.isArray(err.validation)) return api(400, validationMessage(err.validation, err.validationContext ?? 'request'));
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return api(413, 'the request body is too large (orders and cancels are small JSON objects)');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return api(415, 'POST bodies must be JSON: send "Content-Type: application/json" and a JSON object');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return api(400, 'the request body is empty: send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return api(400, 'the request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return api(400, 'the Content-Length header does not match the body');
    case 'FST_ERR_BAD_URL':
      return api(400, 'the URL is malformed');
  }
  if (err.code?.startsWith('FST_') && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return api(err.statusCode, oneLine(err.message ?? 'the request is not valid'));
  }
  return undefined;
}

/** One readable sentence naming the field and the rule, like the CLI's usage errors. */
export function validationMessage(errors: AjvError[], context: string): string {
  const where = context === 'body' ? 'body field' : context === 'querystring' ? 'query parameter' : context;
  // A failed oneOf reports its branches first; the oneOf itself says more.
  const e = errors.find((x) => x.keyword === 'oneOf') ?? errors[0] ?? {};
  const name = (e.instancePath ?? '').slice(1).replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  const p = e.params ?? {};
  if (name === '' && e.keyword === 'type') return context === 'body' ? 'the body must be a JSON object' : `the ${where}s must be an object`;
  switch (e.keyword) {
    case 'required':
      return `${where} "${String(p.missingProperty)}" is required`;
    case 'additionalProperties':
      return `unknown ${where} "${String(p.additionalProperty)}" (the parameters of each operation are in GET /v1/openapi.json)`;
    case 'enum':
      return `${where} "${name}" must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'oneOf':
      return `${where} "${name}" must be "yes", "no", or {"label": "<outcome name>"}`;
    case 'type':
      return `${where} "${name}" must be ${p.type === 'integer' ? 'a whole number' : article(String(p.type))}`;
    default:
      return `${where} "${name}" ${e.message ?? 'is not valid'}`;
  }
}

function article(t: string): string {
  return `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}
