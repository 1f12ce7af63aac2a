/**
 * Orders as tests write them, with plain numbers: `orderReq({ …, price: 0.3, size: 2 })` is the
 * CreateOrderRequest ops would hand the adapter, its price and size the exact decimals of that
 * text (Decimal.parse of the number's shortest form, as validate.ts parses a JSON number).
 */
import { Decimal } from '../../src/decimal.js';
import type { AmendRequest, CreateOrderRequest } from '../../src/exchanges/types.js';

export type LooseOrder = Omit<CreateOrderRequest, 'price' | 'size'> & { price: number | string | Decimal; size: number | string | Decimal };

const exact = (v: number | string | Decimal): Decimal => {
  const d = v instanceof Decimal ? v : Decimal.parse(String(v));
  if (!d) throw new Error(`test order: ${String(v)} is not a decimal`);
  return d;
};

export function orderReq(o: LooseOrder): CreateOrderRequest {
  return { ...o, price: exact(o.price), size: exact(o.size) };
}

/** An amend written with plain numbers. */
export function amendReq(o: { price?: number | string; size?: number | string }): AmendRequest {
  return { ...(o.price === undefined ? {} : { price: exact(o.price) }), ...(o.size === undefined ? {} : { size: exact(o.size) }) };
}
