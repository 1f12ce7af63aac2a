/**
 * The NotSupported answer for an operation an exchange lacks, in the manifest's words: one text
 * whether ops refuse it up front (ops/capabilities.ts, before any credential check) or the adapter
 * base answers for an operation the exchange does not bind (exchanges/adapter.ts). Pure.
 */
import { PmtError } from '../errors.js';
import type { Capability } from './manifest.js';

/** `fetchOpenOrders` → `fetch_open_orders`: the interface's name for an operation. */
export function snakeName(op: string): string {
  return op.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** Exit 10, HTTP 501; `ref` is the id the caller named, for the remedy. */
export function notSupported(id: string, op: string, cap?: Capability, ref = '<id>'): PmtError {
  return new PmtError('NotSupported', `${snakeName(op)} is not supported on ${id}${cap?.why ? `: ${cap.why}` : ''}`, {
    hint: cap?.instead?.replaceAll('{id}', ref),
  });
}
