/**
 * Response-shape checks for the live suite: each value is validated against the response schema
 * `pmt serve` publishes for the operation (its OpenAPI document, the same models `--json`
 * prints), so drift in an exchange's wire format shows as a named field, not a crash later.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { buildOpenApi } from '../../src/serve/openapi.js';

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (a: Ajv2020) => void;

export function shapeChecker() {
  const doc = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'pmt-openapi' });
  /** The problems of `value` as the 200 response of `GET|POST path` ([] when it fits). */
  return (method: 'GET' | 'POST', path: string, value: unknown): string[] => {
    const ptr = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/200/content/application~1json/schema`;
    const v = ajv.compile({ $ref: `pmt-openapi#${ptr}` });
    // Through JSON, as --json and serve send it (undefined fields drop out).
    return v(JSON.parse(JSON.stringify(value))) ? [] : (v.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}
