/**
 * The few builders every model definition uses, so that each model reads as its field list. The
 * schemas they make are plain JSON Schema in keywords that mean the same in draft-07 (ajv, which
 * serve validates with) and 2020-12 (OpenAPI 3.1, which serve publishes).
 */
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

const described = (description: string | undefined) => (description === undefined ? {} : { description });

/**
 * A model: a closed object whose every property is required (present, `null` where nullable),
 * named by `$id` (its name under `components.schemas` of the OpenAPI document).
 */
export const Model = <P extends TProperties>(name: string, description: string, properties: P) =>
  Type.Object(properties, { $id: name, description, additionalProperties: false });

/** `T | null`, as TypeBox writes a union: `anyOf: [T, {type: 'null'}]`; the description sits on the union. */
export const Nullable = <T extends TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], described(description));

/**
 * One of a fixed list of strings, as `{type: 'string', enum}` (a TypeBox union of literals would
 * publish an `anyOf` of `const`s); the type is the list's union.
 */
export const StringEnum = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...described(description) });

export const Str = (description?: string) => Type.String(described(description));
export const Num = (description?: string) => Type.Number(described(description));
/** A probability in [0, 1]. */
export const Probability = (description?: string) => Type.Number({ minimum: 0, maximum: 1, ...described(description) });
/** ISO 8601, UTC. */
export const DateTime = (description?: string) => Type.String({ format: 'date-time', ...described(description) });
