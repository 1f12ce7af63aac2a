/**
 * The JSON Schemas of the interface's models as serve uses them: each is the model's TypeBox
 * definition in `src/models/` (no copy kept here), every field required (present, `null` where
 * nullable), nothing extra. The same objects describe responses to fastify and become
 * `components.schemas` of `/v1/openapi.json`, so the served description cannot drift from what is
 * checked. The definitions use only keywords that mean the same in draft-07 (ajv) and 2020-12
 * (OpenAPI 3.1); a nullable field is TypeBox's `anyOf: [T, {type: 'null'}]`.
 */
import { OrderbookImpactSchema, OrderbookSchema, OrderbookStatsSchema } from '../models/book.js';
import { ErrorObjectSchema, RiskLimitErrorSchema } from '../models/error.js';
import { MarketLineageSchema, MarketsPageSchema } from '../models/market.js';
import { OrderSchema } from '../models/order.js';

export type JsonSchema = Record<string, unknown>;

/** Served copy → the model's name (its `$id`), for `components.schemas` and `$ref`s. */
const MODEL_NAMES = new Map<JsonSchema, string>();
const SERVED = new WeakMap<object, unknown>();

/**
 * A TypeBox schema as plain JSON Schema: TypeBox's symbol-keyed metadata left out, and each
 * model's `$id` taken off and remembered instead (ajv registers an `$id` once per compiler and
 * would refuse the second route answering the same model). One copy per definition, so a model
 * nested in several others is the same object in each.
 */
export function served(schema: object): JsonSchema {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    const known = SERVED.get(node);
    if (known) return known;
    const out: JsonSchema = {};
    // Object.entries: string keys only, so TypeBox's symbols ([Kind], [Hint]) stay behind.
    for (const [k, v] of Object.entries(node)) if (k !== '$id') out[k] = copy(v);
    const name = (node as { $id?: unknown }).$id;
    if (typeof name === 'string') MODEL_NAMES.set(out, name);
    SERVED.set(node, out);
    return out;
  };
  return copy(schema) as JsonSchema;
}

export const MarketLineage = served(MarketLineageSchema);
export const MarketsPage = served(MarketsPageSchema);
export const Order = served(OrderSchema);
export const OrderList: JsonSchema = { type: 'array', items: Order };
export const Orderbook = served(OrderbookSchema);
export const OrderbookStats = served(OrderbookStatsSchema);
export const OrderbookImpact = served(OrderbookImpactSchema);
export const ErrorObject = served(ErrorObjectSchema);
export const RiskLimitError = served(RiskLimitErrorSchema);

/** Name under `components.schemas` of a model schema object, if it is one. */
export function modelName(s: unknown): string | undefined {
  return MODEL_NAMES.get(s as JsonSchema);
}
