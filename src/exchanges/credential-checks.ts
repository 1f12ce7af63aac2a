/**
 * Credential helpers shared by the exchanges' declarations and `profile add`: checks that return
 * the problem as text (naming the field, never echoing the value) or null, and the key-pair view
 * of resolved fields.
 */
import type { Sourced } from './config.js';
import type { ResolvedFields } from './credential-spec.js';

/** A key id and its key (text, read from its file when given as a path) from the resolved fields; null unless both are there. */
export function keyPair(f: ResolvedFields, id = 'api_key_id', key = 'private_key'): { id: Sourced; key: Sourced; path?: string } | null {
  const i = f[id];
  const k = f[key];
  if (!i || !k) return null;
  return { id: { value: String(i.value), source: i.source, origin: i.origin }, key: { value: String(k.value), source: k.source, origin: k.origin }, ...(k.path !== undefined ? { path: k.path } : {}) };
}

/** API key ids and keys are UUID-like; accept any printable token. */
export function tokenProblem(field: string, value: string): string | null {
  const v = value.trim();
  if (v === '') return `${field} must not be empty`;
  if (v.length > 200 || /[\s\u0000-\u001f\u007f]/.test(v)) return `${field} must be one printable token without spaces`;
  return null;
}

/** An http(s) URL (an RPC endpoint); its credentials, if any, are never echoed. */
export function urlProblem(field: string, value: string): string | null {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    return `${field} must be an http:// or https:// URL`;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `${field} must be an http:// or https:// URL (got ${u.protocol})`;
  return null;
}
