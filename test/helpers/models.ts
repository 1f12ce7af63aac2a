/**
 * The tests' view of the models: field lists and shape checks come from the definitions in
 * src/models (the same ones serve publishes), never from a list kept here.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { served } from '../../src/serve/schemas.js';

interface Definition {
  $id?: string;
  properties: Record<string, unknown>;
}

/** A model's fields in its order (the order the adapters build objects in). */
export const fieldsOf = (model: Definition): string[] => Object.keys(model.properties);

// Formats are left to the callers' own checks: Date#toISOString's extended years (+275760-…),
// which the fuzz tests produce, are ISO 8601 but not RFC 3339 date-times.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

const RANGES = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/**
 * Fails unless `value` is exactly the model: every field present, none extra (nested models
 * too), each of its type, enum, nullability and range (`ranges: false` leaves out the ranges of
 * non-nullable numbers, for parsers fed junk, which fall back to 0).
 */
export function expectModel(model: Definition, value: unknown, opts: { ranges?: boolean } = {}): void {
  let validate = compiled.get(model);
  if (!validate) compiled.set(model, (validate = ajv.compile(served(model))));
  const errors = validate(value) ? [] : (validate.errors ?? []).filter((e) => opts.ranges !== false || !RANGES.has(e.keyword));
  expect(errors.map((e) => `${model.$id ?? 'model'}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)).toEqual([]);
}
