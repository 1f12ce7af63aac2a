// Placeholder: the Polymarket CLOB /book double lands here.
import type { Router } from '../server.js';
import type { Gamma } from './gamma-routes.js';

export function createClobBooks(_gamma: Gamma) {
  return {
    register(_router: Router): void {},
  };
}
export type ClobBooks = ReturnType<typeof createClobBooks>;
