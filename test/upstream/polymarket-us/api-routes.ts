/**
 * The Polymarket US authenticated API double: Ed25519 verification exactly as the venue checks
 * the `polymarket-us` SDK's headers (X-PM-Access-Key, X-PM-Timestamp in ms within 30 s,
 * X-PM-Signature = base64 Ed25519 over timestamp + method + path without the query), an account
 * per key (buying power), and orders: preview, create (rests; a buy crossing the book's best
 * offer fills at its price), get, open list, cancel, cancel-all, modify; positions and trade
 * activities from the fills. Every change of an order is also an execution report, in the
 * venue's shape (`Execution`: id, order, type, lastShares, lastPx, tradeId, aggressor,
 * transactTime), handed to the private WebSocket double (stream-routes.ts) for its key.
 */
import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { RecordedRequest, Reply, Router } from '../server.js';
import type { UsCatalog } from './catalog.js';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
// PKCS#8 wrapper of a raw Ed25519 seed (RFC 8410).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const err = (status: number, message: string): Reply => ({ status, json: { code: status === 401 ? 16 : status === 404 ? 5 : 3, message } });
const usd = (v: string) => ({ value: v, currency: 'USD' });

interface UsOrder {
  id: string;
  keyId: string;
  marketSlug: string;
  intent: string;
  price: string;
  quantity: number;
  cumQuantity: number;
  tif: string;
  state: string;
  createTime: string;
  updateTime?: string;
}

export function createUsApi(cat: UsCatalog) {
  const keys = new Map<string, KeyObject>();
  const buying = new Map<string, number>();
  const orders = new Map<string, UsOrder>();
  const fills: Array<{ keyId: string; id: string; orderId: string; slug: string; price: string; qty: number; intent: string; at: string }> = [];
  let seq = 0;
  // Execution and maker-trade ids have counters of their own: order ids stay pmus-ord-000001, 2, 3...
  let execSeq = 0;
  const listeners = new Set<(keyId: string, execution: Record<string, unknown>) => void>();
  /** Report what happened to an order (after the change) to the private socket's subscribers. */
  const report = (o: UsOrder, type: string, fill?: { qty: number; price: string; tradeId: string; aggressor: boolean }) => {
    const execution = {
      id: `pmus-exec-${++execSeq}`,
      order: wire(o),
      type,
      transactTime: new Date().toISOString(),
      ...(fill ? { lastShares: String(fill.qty), lastPx: usd(fill.price), tradeId: fill.tradeId, aggressor: fill.aggressor } : {}),
    };
    for (const l of listeners) l(o.keyId, execution);
  };
  /** Skew the double's clock (ms) to test the timestamp window. */
  let skewMs = 0;

  function authed(req: RecordedRequest): string | Reply {
    const h = (n: string) => {
      const v = req.headers[n.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    };
    const keyId = h('X-PM-Access-Key');
    const ts = h('X-PM-Timestamp');
    const sig = h('X-PM-Signature');
    if (!keyId || !ts || !sig) return err(401, 'missing authentication headers');
    const key = keys.get(keyId);
    if (!key) return err(401, 'unknown API key');
    if (!/^\d{13}$/.test(ts) || Math.abs(Number(ts) - (Date.now() + skewMs)) > 30_000) return err(401, 'request timestamp outside the allowed window (check your clock)');
    const ok = verify(null, Buffer.from(`${ts}${req.method}${req.path}`, 'utf8'), key, Buffer.from(sig, 'base64'));
    return ok ? keyId : err(401, 'invalid signature');
  }
  const guard = (h: (req: RecordedRequest, keyId: string, p: Record<string, string>) => Reply) => (req: RecordedRequest, p: Record<string, string>) => {
    const who = authed(req);
    return typeof who === 'string' ? h(req, who, p) : who;
  };
  const wire = (o: UsOrder) => ({
    id: o.id,
    marketSlug: o.marketSlug,
    side: o.intent.includes('_BUY_') ? 'ORDER_SIDE_BUY' : 'ORDER_SIDE_SELL',
    type: 'ORDER_TYPE_LIMIT',
    price: usd(o.price),
    quantity: o.quantity,
    cumQuantity: o.cumQuantity,
    leavesQuantity: o.quantity - o.cumQuantity,
    tif: o.tif,
    intent: o.intent,
    state: o.state,
    createTime: o.createTime,
    ...(o.updateTime ? { updateTime: o.updateTime } : {}),
  });
  /** Cash an order reserves: a long buy pays the price, a short buy pays 1 − price. */
  const reserve = (o: Pick<UsOrder, 'intent' | 'price' | 'quantity' | 'cumQuantity'>) =>
    o.intent === 'ORDER_INTENT_BUY_LONG' ? Number(o.price) * (o.quantity - o.cumQuantity) : o.intent === 'ORDER_INTENT_BUY_SHORT' ? (1 - Number(o.price)) * (o.quantity - o.cumQuantity) : 0;
  function validate(b: Record<string, unknown>): Reply | null {
    const slug = String(b.marketSlug ?? '');
    const m = cat.markets.get(slug);
    if (!m) return err(404, `market ${slug} not found`);
    if (!['ORDER_INTENT_BUY_LONG', 'ORDER_INTENT_SELL_LONG', 'ORDER_INTENT_BUY_SHORT', 'ORDER_INTENT_SELL_SHORT'].includes(String(b.intent))) return err(400, 'invalid intent');
    const px = (b.price as { value?: string } | undefined)?.value;
    if (!px || !(Number(px) > 0 && Number(px) < 1)) return err(400, 'invalid price');
    if (!(Number(b.quantity) >= m.minimumTradeQty)) return err(400, `quantity below the minimum of ${m.minimumTradeQty}`);
    return null;
  }
  return {
    orders,
    fills,
    /** The key id of a correctly signed request, or the refusal (the stream double checks upgrades with it). */
    authed,
    register(keyId: string, publicKeyBase64: string): void {
      keys.set(keyId, createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKeyBase64, 'base64')]), format: 'der', type: 'spki' }));
    },
    /** Accept the key whose 32-byte Ed25519 seed is `seed` (the secret a test hands pmt as base64). */
    registerSeed(keyId: string, seed: Buffer): void {
      keys.set(keyId, createPublicKey(createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })));
    },
    setBuyingPower(keyId: string, v: number): void {
      buying.set(keyId, v);
    },
    skew(ms: number): void {
      skewMs = ms;
    },
    /** A key's open orders as the venue shows them (the private socket's snapshot). */
    openOrders(keyId: string): Array<Record<string, unknown>> {
      return [...orders.values()].filter((o) => o.keyId === keyId && ['ORDER_STATE_NEW', 'ORDER_STATE_PARTIALLY_FILLED'].includes(o.state)).map(wire);
    },
    /** Every execution report, with the key whose order it is (the private socket double listens). */
    onExecution(l: (keyId: string, execution: Record<string, unknown>) => void): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    /** Someone takes `qty` of a resting order at its price: a maker (partial) fill, reported. */
    fillResting(orderId: string, qty: number): void {
      const o = orders.get(orderId);
      if (!o || !['ORDER_STATE_NEW', 'ORDER_STATE_PARTIALLY_FILLED'].includes(o.state)) throw new Error(`no resting order ${orderId}`);
      const take = Math.min(qty, o.quantity - o.cumQuantity);
      o.cumQuantity += take;
      o.state = o.cumQuantity >= o.quantity ? 'ORDER_STATE_FILLED' : 'ORDER_STATE_PARTIALLY_FILLED';
      o.updateTime = new Date().toISOString();
      const tradeId = `pmus-maker-trade-${++execSeq}`;
      fills.push({ keyId: o.keyId, id: tradeId, orderId: o.id, slug: o.marketSlug, price: o.price, qty: take, intent: o.intent, at: o.updateTime });
      report(o, o.state === 'ORDER_STATE_FILLED' ? 'EXECUTION_TYPE_FILL' : 'EXECUTION_TYPE_PARTIAL_FILL', { qty: take, price: o.price, tradeId, aggressor: false });
    },
    routes(r: Router): void {
      r.get('/v1/account/balances', guard((_req, k) => {
        const reserved = [...orders.values()].filter((o) => o.keyId === k && ['ORDER_STATE_NEW', 'ORDER_STATE_PARTIALLY_FILLED'].includes(o.state)).reduce((s, o) => s + reserve(o), 0);
        const cash = buying.get(k) ?? 0;
        return { json: { balances: [{ currentBalance: cash, currency: 'USD', buyingPower: Math.round((cash - reserved) * 100) / 100, openOrders: Math.round(reserved * 100) / 100 }] } };
      }));
      r.post('/v1/order/preview', guard((req) => {
        const b = (JSON.parse(req.body || '{}') as { request?: Record<string, unknown> }).request ?? {};
        const bad = validate(b);
        if (bad) return bad;
        return { json: { order: { ...b, id: '', cumQuantity: 0, leavesQuantity: b.quantity, state: 'ORDER_STATE_PENDING_NEW' } } };
      }));
      r.post('/v1/orders', guard((req, k) => {
        const b = JSON.parse(req.body || '{}') as Record<string, unknown>;
        const bad = validate(b);
        if (bad) return bad;
        const o: UsOrder = {
          id: `pmus-ord-${String(++seq).padStart(6, '0')}`,
          keyId: k,
          marketSlug: String(b.marketSlug),
          intent: String(b.intent),
          price: String((b.price as { value: string }).value),
          quantity: Number(b.quantity),
          cumQuantity: 0,
          tif: String(b.tif ?? 'TIME_IN_FORCE_GOOD_TILL_CANCEL'),
          state: 'ORDER_STATE_NEW',
          createTime: new Date().toISOString(),
        };
        if (reserve(o) > (buying.get(k) ?? 0)) return err(400, 'insufficient buying power');
        // A long buy at or above the best offer fills at once (enough to show fills and positions).
        const best = cat.books.get(o.marketSlug)?.offers[0];
        if (o.intent === 'ORDER_INTENT_BUY_LONG' && best && Number(o.price) >= Number(best[0])) {
          o.cumQuantity = o.quantity;
          o.state = 'ORDER_STATE_FILLED';
          buying.set(k, Math.round(((buying.get(k) ?? 0) - Number(o.price) * o.quantity) * 100) / 100);
          fills.push({ keyId: k, id: `pmus-trade-${seq}`, orderId: o.id, slug: o.marketSlug, price: o.price, qty: o.quantity, intent: o.intent, at: o.createTime });
        } else if (o.tif !== 'TIME_IN_FORCE_GOOD_TILL_CANCEL') o.state = 'ORDER_STATE_CANCELED';
        orders.set(o.id, o);
        const type = o.cumQuantity ? 'EXECUTION_TYPE_FILL' : o.state === 'ORDER_STATE_CANCELED' ? 'EXECUTION_TYPE_CANCELED' : 'EXECUTION_TYPE_NEW';
        report(o, type, o.cumQuantity ? { qty: o.quantity, price: o.price, tradeId: `pmus-trade-${seq}`, aggressor: true } : undefined);
        return { json: { id: o.id, executions: [{ id: `exec-${seq}`, order: wire(o), type }] } };
      }));
      r.get('/v1/orders/open', guard((req, k) => {
        const slugs = req.query.getAll('slugs');
        const list = [...orders.values()].filter((o) => o.keyId === k && ['ORDER_STATE_NEW', 'ORDER_STATE_PARTIALLY_FILLED'].includes(o.state) && (!slugs.length || slugs.includes(o.marketSlug)));
        return { json: { orders: list.map(wire) } };
      }));
      r.post('/v1/orders/open/cancel', guard((req, k) => {
        const slugs = (JSON.parse(req.body || '{}') as { slugs?: string[] }).slugs ?? [];
        const ids: string[] = [];
        for (const o of orders.values()) {
          if (o.keyId !== k || !['ORDER_STATE_NEW', 'ORDER_STATE_PARTIALLY_FILLED'].includes(o.state) || (slugs.length && !slugs.includes(o.marketSlug))) continue;
          o.state = 'ORDER_STATE_CANCELED';
          o.updateTime = new Date().toISOString();
          ids.push(o.id);
          report(o, 'EXECUTION_TYPE_CANCELED');
        }
        return { json: { canceledOrderIds: ids } };
      }));
      r.get('/v1/order/:id', guard((_req, k, p) => {
        const o = orders.get(p.id!);
        return o && o.keyId === k ? { json: { order: wire(o) } } : err(404, `order ${p.id} not found`);
      }));
      r.post('/v1/order/:id/cancel', guard((_req, k, p) => {
        const o = orders.get(p.id!);
        if (!o || o.keyId !== k) return err(404, `order ${p.id} not found`);
        o.state = 'ORDER_STATE_CANCELED';
        o.updateTime = new Date().toISOString();
        report(o, 'EXECUTION_TYPE_CANCELED');
        return { json: {} };
      }));
      r.post('/v1/order/:id/modify', guard((req, k, p) => {
        const o = orders.get(p.id!);
        if (!o || o.keyId !== k) return err(404, `order ${p.id} not found`);
        const b = JSON.parse(req.body || '{}') as { price?: { value: string }; quantity?: number };
        if (b.price) o.price = b.price.value;
        if (b.quantity !== undefined) o.quantity = b.quantity;
        o.updateTime = new Date().toISOString();
        // A modify is a cancel-replace on the venue: the replaced order reads REPLACED in the report.
        report({ ...o, state: 'ORDER_STATE_REPLACED' }, 'EXECUTION_TYPE_REPLACE');
        return { json: {} };
      }));
      r.get('/v1/portfolio/positions', guard((req, k) => {
        const only = req.query.get('market');
        const pos: Record<string, unknown> = {};
        for (const f of fills.filter((x) => x.keyId === k && (!only || x.slug === only))) {
          const cur = (pos[f.slug] as { netPosition: string; cost: { value: string } } | undefined) ?? { netPosition: '0', cost: usd('0') };
          const sign = f.intent.endsWith('_LONG') === f.intent.includes('_BUY_') ? 1 : -1;
          pos[f.slug] = {
            netPosition: String(Number(cur.netPosition) + sign * f.qty),
            qtyBought: String(f.qty),
            qtySold: '0',
            cost: usd(String(Math.round((Number(cur.cost.value) + Number(f.price) * f.qty) * 100) / 100)),
            realized: usd('0'),
            bodPosition: '0',
            expired: false,
          };
        }
        return { json: { positions: pos, eof: true } };
      }));
      r.get('/v1/portfolio/activities', guard((req, k) => {
        const slug = req.query.get('marketSlug');
        const list = fills.filter((f) => f.keyId === k && (!slug || f.slug === slug)).reverse();
        return {
          json: {
            activities: list.map((f) => ({ type: 'ACTIVITY_TYPE_TRADE', trade: { id: f.id, marketSlug: f.slug, state: 'TRADE_STATE_CLEARED', createTime: f.at, price: usd(f.price), qty: String(f.qty), isAggressor: true } })),
            eof: true,
          },
        };
      }));
    },
  };
}
