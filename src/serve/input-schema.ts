/**
 * Serve's request schemas, generated from the operation table's parameters (ops/params.ts): a
 * GET route's querystring, a POST route's body. fastify validates requests against them, the
 * OpenAPI document publishes them and an MCP tool takes one as its input schema, so none of them
 * is written by hand.
 */
import { operation, servedName, servedOf, type Param } from '../ops/table.js';
import type { JsonSchema } from './schemas.js';

/**
 * A parameter's served schema: its type, the allowed values and default it shares with the CLI,
 * its bounds, then its description (a composite one, `oneOf`, is described before its choices).
 */
export function paramSchema(p: Param): JsonSchema {
  const { type, ...rest } = p.schema ?? {};
  const described = p.doc === undefined ? {} : { description: p.doc };
  return {
    ...(type === undefined ? described : { type }),
    ...(p.choices ? { enum: [...p.choices] } : {}),
    ...(p.default === undefined ? {} : { default: p.default }),
    ...rest,
    ...(type === undefined ? {} : described),
  };
}

/** The object an operation takes over HTTP: every served parameter, in the served order; nothing else. */
export function inputSchema(id: string): JsonSchema {
  const params = servedOf(operation(id));
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [servedName(p), paramSchema(p)])),
    required: params.filter((p) => p.required).map(servedName),
    additionalProperties: false,
  };
}
