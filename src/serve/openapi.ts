/**
 * The OpenAPI 3.1 description of `pmt serve`, generated from the route table and the model
 * schemas that fastify validates with, so the document and the server cannot disagree. Model
 * schemas become `components.schemas` and are referenced by `$ref`.
 */
import { ROUTES, type RouteDef } from './routes.js';
import { STREAM_PATH, streamQuery } from './stream-route.js';
import { ErrorObject, modelName, RiskLimitError, type JsonSchema } from './schemas.js';

import { VERSION as API_VERSION } from '../version.js';

export { API_VERSION };

const STATUS_TEXT: Record<number, string> = {
  400: 'Api: the request is invalid (a parameter, the body, or a value the operation rejects before any upstream request)',
  401: 'Authentication: missing or wrong bearer token, or the exchange refused the credentials of the profile the server runs with',
  402: 'InsufficientFunds: the exchange refused the order for lack of balance or allowance',
  403: 'RiskLimit: a risk limit of the profile, or `trading: off`, refused the action; nothing was sent (the object names the limit, its value and what the action would have made it)',
  404: 'MarketNotFound or OrderNotFound (also Api, for a path that is not an operation)',
  413: 'Api: the request body is larger than the limit',
  415: 'Api: the body is not sent as application/json',
  429: 'RateLimited: the upstream rate limit was reached; retry after `Retry-After` seconds',
  500: 'Config: the profile the server runs with is missing credentials or settings (also Api: an internal error)',
  501: 'NotSupported: the operation is not supported on that exchange',
  502: 'Api: the upstream exchange failed or rejected the request; NetworkError: it could not be reached',
};

/** Replace every nested model schema by a `$ref` to its component. */
function refs(node: unknown, root = true): unknown {
  const name = modelName(node);
  if (name && !root) return { $ref: `#/components/schemas/${name}` };
  if (Array.isArray(node)) return node.map((n) => refs(n, false));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, refs(v, false)]));
  }
  return node;
}

/** Every model reachable from the routes, by name. */
function components(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    const name = modelName(node);
    if (name) {
      if (out[name]) return;
      out[name] = refs(node);
    }
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  for (const r of ROUTES) visit(r.response);
  visit(ErrorObject);
  visit(RiskLimitError);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

function parameters(q: JsonSchema | undefined): unknown[] {
  if (!q) return [];
  const required = new Set((q.required as string[] | undefined) ?? []);
  return Object.entries(q.properties as Record<string, JsonSchema>).map(([name, prop]) => {
    const { description, ...schema } = prop;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
      schema: refs(schema, false),
    };
  });
}

function operation(r: RouteDef): unknown {
  const responses: Record<string, unknown> = {
    200: {
      description: 'Success',
      content: { 'application/json': { schema: refs(r.response, false) } },
      ...(r.partial
        ? {
            headers: {
              'Pmt-Failures': {
                description: 'Present when some exchanges failed and others answered: a JSON array of {exchange, kind, message}, one per failed exchange (non-ASCII escaped as \\uXXXX); the body holds what answered',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
    },
  };
  const cancelHeaders =
    r.operationId === 'cancel_all_orders'
      ? {
          'Pmt-Cancelled-Ids': { description: 'Comma-separated ids of the orders that were cancelled', schema: { type: 'string' } },
          'Pmt-Cancel-Failed-Ids': { description: 'Comma-separated ids of the orders an exchange refused to cancel', schema: { type: 'string' } },
        }
      : undefined;
  for (const status of [400, 401, ...r.errors].sort((a, b) => a - b)) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: status === 403 ? { 'application/json': { schema: { $ref: '#/components/schemas/RiskLimitError' } } } : errorContent,
      ...(status === 429 || cancelHeaders
        ? {
            headers: {
              ...(status === 429 ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } } : {}),
              ...cancelHeaders,
            },
          }
        : {}),
    };
  }
  responses.default = { description: 'Any other failure, as the error object', content: errorContent };
  return {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    ...(r.querystring ? { parameters: parameters(r.querystring) } : {}),
    ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: refs(r.body, false) } } } } : {}),
    responses,
  };
}

/** The book stream: Server-Sent Events, one BookUpdate per event. */
function streamOperation(): unknown {
  const responses: Record<string, unknown> = {
    200: {
      description:
        'An endless `text/event-stream`: each event is `data: <BookUpdate as JSON>` (kinds snapshot, delta, clear, trade, status; ' +
        'see interface-extensions.md and docs/spec-additions.md). A `clear` means drop the book: a snapshot follows. A `status` ' +
        'reports the connection (reconnecting with retry_in_ms at every retry, stale, live again). Events are sent in batches at ' +
        'most 50 ms apart. A failure after the stream started ' +
        'ends it with `event: error` and the error object as data; a client too slow to keep up is ended with a `clear` (reason `stale`).',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  };
  for (const status of [400, 401, 404, 502]) responses[status] = { description: STATUS_TEXT[status] ?? 'Error', content: errorContent };
  responses.default = { description: 'Any other failure, as the error object', content: errorContent };
  return {
    operationId: 'orderbook_stream',
    tags: ['Orderbook'],
    summary: 'Stream the live book of an asset as Server-Sent Events',
    description: 'All clients of one asset share one upstream subscription; a client joining late starts from a snapshot of the current book.',
    parameters: parameters(streamQuery),
    responses,
  };
}

/** The document served at `GET /v1/openapi.json`. */
export function buildOpenApi(opts: { serverUrl?: string } = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  paths[STREAM_PATH] = { get: streamOperation() };
  paths['/v1/openapi.json'] = {
    get: {
      operationId: 'openapi',
      tags: ['Server'],
      summary: 'This document',
      responses: {
        200: { description: 'The OpenAPI 3.1 description of this server', content: { 'application/json': { schema: { type: 'object' } } } },
        401: { description: STATUS_TEXT[401], content: errorContent },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'pmt: unified prediction-market trading interface',
      version: API_VERSION,
      description:
        'One interface and one set of models over Kalshi (`kalshi`) and Polymarket (`polymarket`), served by `pmt serve`. ' +
        'Every request needs `Authorization: Bearer <token>`. The server trades with the profile it was started with. ' +
        'Errors are the error object `{kind, message}`; the status per kind is listed on each operation.',
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Markets', description: 'Markets, events and series' },
      { name: 'Orders', description: 'Orders of the profile the server runs with' },
      { name: 'Orderbook', description: 'Books and their analytics' },
      { name: 'Account', description: 'Cash, positions and fills of the profile the server runs with' },
      { name: 'Server', description: 'This server' },
    ],
    paths,
    components: {
      schemas: components(),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token given to `pmt serve` (--token, PMT_SERVE_TOKEN) or printed at its start' } },
    },
  };
}
