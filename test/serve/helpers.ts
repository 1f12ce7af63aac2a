/**
 * Test plumbing for the REST surface: an in-process server on a free loopback port (fake
 * adapters), an HTTP caller, and a validator that checks bodies against the served OpenAPI
 * document itself.
 */
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { buildApp, type AppOptions } from '../../src/serve/app.js';
import { fakeServices } from './fake.js';

export const TOKEN = 'test-token-0123456789abcdef-0123456789';

export interface Called {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallInit {
  method?: string;
  /** An object is sent as JSON with the JSON content type; a string is sent as is. */
  body?: unknown;
  /** null: no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
}

export async function call(base: string, path: string, init: CallInit = {}): Promise<Called> {
  const token = init.token === undefined ? TOKEN : init.token;
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined && typeof init.body !== 'string') headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...headers, ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function startApp(opts: Partial<AppOptions> = {}) {
  const { exchanges, services, configured } = fakeServices();
  const lines: string[] = [];
  const mismatches: string[] = [];
  const app = await buildApp({
    token: TOKEN,
    services,
    log: (l) => lines.push(l),
    onSchemaMismatch: (route, problem) => mismatches.push(`${route}: ${problem}`),
    ...opts,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url, exchanges, configured, lines, mismatches, call: (path: string, init?: CallInit) => call(url, path, init) };
}

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (a: Ajv2020) => void;

/**
 * Validates a body against the schema of one response (default 200) of an operation in the served document
 * (draft 2020-12, as OpenAPI 3.1 defines it), so the document is proven against real bodies.
 */
export function docValidator(doc: Record<string, any>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'pmt-openapi' });
  const cache = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (method: string, path: string, body: unknown, code = '200'): string[] => {
    // A status the operation does not document falls under its `default` response.
    const status = doc.paths?.[path]?.[method.toLowerCase()]?.responses?.[code] ? code : 'default';
    const key = `${method} ${path} ${status}`;
    let v = cache.get(key);
    if (!v) {
      const ptr = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      v = ajv.compile({ $ref: `pmt-openapi#${ptr}` });
      cache.set(key, v);
    }
    return v(body) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
