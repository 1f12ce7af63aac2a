/**
 * The Polymarket CLOB trading double: L1 key derivation/creation (EIP-712 ClobAuth recovered),
 * L2 HMAC on every private route, signed V2 orders verified against the right exchange contract,
 * balances, a matching engine, `/data/orders` paging (`MA==` … `LTE=`), order lookup, the three
 * cancel endpoints, and the public `/tick-size`, `/neg-risk`, `/time`, `/markets-by-token`,
 * `/clob-markets` and `/fee-rate` reads (no auth, as upstream). Tokens come from `addMarket` (tests)
 * or the Gamma catalogue. Fees: `base_fee` 0 and no `fd` fee curve unless set with `setFees`.
 */
import { randomBytes } from 'node:crypto';
import { parseJsonBody, type RecordedRequest, type Reply, type Router } from '../server.js';
import type { ClobBooks } from './book-routes.js';
import { ClobAuth, type ApiKeyRecord } from './clob-auth.js';
import { ClobEngine, type EngineOrder, type TokenDef } from './clob-engine.js';
import { postOrder } from './clob-orders.js';
import type { Gamma } from './gamma-routes.js';

export const START_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';

/** A random CLOB token id: a decimal uint256 of 70+ digits, like the real ones. */
export function makeTokenId(): string {
  const b = randomBytes(31);
  b[0] = (b[0]! | 0x10) & 0x7f;
  return BigInt(`0x${b.toString('hex')}`).toString();
}
export function makeConditionId(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

export interface MarketSpec {
  conditionId?: string;
  outcomes?: string[];
  tickSize?: string;
  negRisk?: boolean;
  minSize?: number;
}

/** A market's fees as the CLOB reports them. */
export interface FeeSpec {
  /** `base_fee` of `/fee-rate` (and `tbf` of `/clob-markets`), in basis points. */
  baseFee: number;
  /** The `fd` fee curve of `/clob-markets`: rate, exponent, takers only. */
  fd?: { r: number | null; e: number | null; to: boolean | null };
}

export function createClobTrading(gamma: Gamma, _books: ClobBooks) {
  const auth = new ClobAuth();
  const engine = new ClobEngine();
  /** `signer:maker` (lower case) → signature type (1 proxy, 2 Safe, 3 POLY_1271) of wallets the signer controls. */
  const wallets = new Map<string, 1 | 2 | 3>();
  const cancelRefusals = new Map<string, string>();
  /** Told of every order accepted through REST (the stream double turns them into events). */
  const placedListeners: Array<(o: EngineOrder) => void> = [];
  /** Told of every order change the user channel reports: placed (REST), filled by a counterparty, cancelled. */
  const changeListeners: Array<(o: EngineOrder, type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION') => void> = [];
  const changed = (o: EngineOrder, type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION') => changeListeners.forEach((fn) => fn(o, type));

  const token = (id: string): TokenDef | undefined => {
    const own = engine.tokens.get(id);
    if (own) return own;
    const g = gamma.tokenInfo(id);
    return g ? { tokenId: g.tokenId, conditionId: g.conditionId, outcome: g.outcome, tickSize: g.tickSize, negRisk: g.negRisk, minSize: g.minOrderSize, ...(g.protocol ? { protocol: g.protocol } : {}) } : undefined;
  };
  const marketTokens = (conditionId: string): TokenDef[] => {
    const own = [...engine.tokens.values()].filter((t) => t.conditionId === conditionId);
    if (own.length) return own;
    return [...gamma.catalog.tokens.values()].filter((g) => g.conditionId === conditionId).map((g) => token(g.tokenId)!);
  };
  /** Fee settings per condition id (a market's tokens share them). */
  const fees = new Map<string, FeeSpec>();

  const state = {
    auth,
    engine,
    wallets,
    /** Be told of every order accepted through REST (status and matched size after matching). */
    onPlaced(fn: (o: EngineOrder) => void): void {
      placedListeners.push(fn);
    },
    /** Be told of every change of an order (the user-channel double turns them into events). */
    onChange(fn: (o: EngineOrder, type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION') => void): void {
      changeListeners.push(fn);
    },
    /** Orders per `/data/orders` page. */
    pageSize: 100,
    clockOffsetMs: 0,
    /** Order id → reason the cancel endpoints report it in `not_canceled`. */
    cancelRefusals,

    /** Register a market's tokens (default: Yes/No, tick 0.01, min 5, not neg-risk); returns token ids in outcome order. */
    addMarket(spec: MarketSpec = {}): string[] {
      const conditionId = spec.conditionId ?? makeConditionId();
      return (spec.outcomes ?? ['Yes', 'No']).map((outcome) => {
        const tokenId = makeTokenId();
        engine.addToken({ tokenId, conditionId, outcome, tickSize: spec.tickSize ?? '0.01', negRisk: spec.negRisk ?? false, minSize: spec.minSize ?? 5 });
        return tokenId;
      });
    },
    /** Register one token (a market's tokens share a condition id; give the same one to pair them). */
    addToken(t: { tokenId?: string; conditionId?: string; outcome?: string; tickSize?: string; negRisk?: boolean; minSize?: number }): string {
      const tokenId = t.tokenId ?? makeTokenId();
      engine.addToken({ tokenId, conditionId: t.conditionId ?? makeConditionId(), outcome: t.outcome ?? 'Yes', tickSize: t.tickSize ?? '0.01', negRisk: t.negRisk ?? false, minSize: t.minSize ?? 5 });
      return tokenId;
    },
    token,
    /** A market's fee settings, if set. */
    feeOf: (conditionId: string): FeeSpec | undefined => fees.get(conditionId),
    /** Set a market's fees: `base_fee` (bps) of `/fee-rate` and the `fd` curve of `/clob-markets`. */
    setFees(conditionId: string, spec: FeeSpec): void {
      fees.set(conditionId, spec);
    },
    /** Resting levels of a token (house and user orders), for a book view over the same state. */
    levels: (tokenId: string) => engine.levels(tokenId),
    /** The order version `GET /version` names; switch it at run time (anything but 1-3 refuses every order). */
    orderVersion: 2,
    /** Let `signer` trade for `funder` with signature type 1 (proxy), 2 (gnosis-safe) or 3 (POLY_1271 deposit wallet). */
    linkWallet(signer: string, funder: string, type: 1 | 2 | 3): void {
      wallets.set(`${signer.toLowerCase()}:${funder.toLowerCase()}`, type);
    },
    fund: (address: string, usd: number | string) => engine.fund(address, usd),
    setPosition: (address: string, tokenId: string, shares: number | string) => engine.setPosition(address, tokenId, shares),
    seed: (tokenId: string, side: 'BUY' | 'SELL', price: number | string, size: number | string) => engine.seed(tokenId, side, price, size),
    /** Cancel every live order, house and user alike (a clean book between tests). */
    clearOrders(): void {
      for (const o of engine.orders.values()) if (o.status === 'LIVE') o.status = 'CANCELED';
    },
    /** Withdraw all seeded house liquidity (user orders stay). */
    clearHouse(): void {
      for (const o of engine.orders.values()) if (o.owner === 'house' && o.status === 'LIVE') o.status = 'CANCELED';
    },
    /** A counterparty takes `shares` of a resting order. */
    fill: (orderId: string, shares: number | string) => {
      const o = engine.takeResting(orderId, shares);
      changed(o, 'UPDATE');
      return o;
    },
    /** Orders placed by a signer address (every status). */
    ordersOf: (signer: string): EngineOrder[] => [...engine.orders.values()].filter((o) => o.signer === signer.toLowerCase()),
    /** Pre-mint an API key (as if created in the Polymarket UI). */
    issueKey: (address: string): ApiKeyRecord => auth.issue(address),

    register(router: Router): void {
      router.get('/version', () => ({ json: { version: state.orderVersion } }));
      router.get('/time', () => ({ json: Math.floor((Date.now() + state.clockOffsetMs) / 1000) }));
      for (const base of ['/tick-size', '/neg-risk']) {
        const answer = (id: string | null): Reply => {
          if (!id || !/^\d+$/.test(id)) return { status: 400, json: { error: 'Invalid token id' } };
          const t = token(id);
          if (!t) return { status: 404, json: { error: 'market not found' } };
          return { json: base === '/tick-size' ? { minimum_tick_size: Number(t.tickSize) } : { neg_risk: t.negRisk } };
        };
        router.get(base, (req) => answer(req.query.get('token_id')));
        router.get(`${base}/:token_id`, (_req, p) => answer(p.token_id!));
      }
      router.get('/markets-by-token/:token_id', (_req, p) => {
        const t = token(p.token_id!);
        if (!t) return { status: 404, json: { error: 'market not found' } };
        const pair = marketTokens(t.conditionId);
        const ids = pair.length ? pair.map((x) => x.tokenId) : [t.tokenId];
        return { json: { condition_id: t.conditionId, primary_token_id: ids[0], secondary_token_id: ids[1] ?? '' } };
      });
      router.get('/clob-markets/:condition_id', (_req, p) => {
        const ts = marketTokens(p.condition_id!);
        if (!ts.length) return { status: 404, json: { error: 'market not found' } };
        const f = ts[0]!;
        const fee = fees.get(p.condition_id!);
        const body: Record<string, unknown> = { gst: null, r: null, t: ts.map((t) => ({ t: t.tokenId, o: t.outcome })), mos: f.minSize, mts: Number(f.tickSize), mbf: 0, tbf: fee?.baseFee ?? 0, rfqe: false, itode: false, ibce: false, nr: f.negRisk };
        if (fee?.fd) body.fd = fee.fd;
        return { json: body };
      });
      // GET /fee-rate?token_id= and /fee-rate/{token_id}: FeeRate `{ base_fee }` in bps.
      const feeRate = (id: string | null): Reply => {
        if (!id || !/^\d+$/.test(id)) return { status: 400, json: { error: 'Invalid token id' } };
        const t = token(id);
        if (!t) return { status: 404, json: { error: 'fee rate not found for market' } };
        return { json: { base_fee: fees.get(t.conditionId)?.baseFee ?? 0 } };
      };
      router.get('/fee-rate', (req) => feeRate(req.query.get('token_id')));
      router.get('/fee-rate/:token_id', (_req, p) => feeRate(p.token_id!));

      // L1: derive an existing key, or create one.
      router.get('/auth/derive-api-key', async (req) => {
        const who = await auth.checkL1(req);
        if ('reply' in who) return who.reply;
        const k = auth.find(who.address, who.nonce);
        return k ? { json: creds(k) } : { status: 400, json: { error: 'Could not derive api key!' } };
      });
      router.post('/auth/api-key', async (req) => {
        const who = await auth.checkL1(req);
        if ('reply' in who) return who.reply;
        if (auth.find(who.address, who.nonce)) return { status: 400, json: { error: 'Could not create api key' } };
        return { json: creds(auth.issue(who.address, who.nonce)) };
      });

      // L2 routes.
      const l2 = (handler: (req: RecordedRequest, key: ApiKeyRecord, params: Record<string, string>) => Reply | Promise<Reply>) =>
        (req: RecordedRequest, params: Record<string, string>) => {
          const r = auth.checkL2(req);
          return 'reply' in r ? r.reply : handler(req, r.key, params);
        };
      router.get('/auth/api-keys', l2((_req, key) => ({ json: { apiKeys: [...auth.keys.values()].filter((k) => k.address === key.address).map((k) => k.apiKey) } })));
      router.post('/order', l2(async (req, key) => {
        const reply = await postOrder({ engine, token, wallets, version: () => state.orderVersion }, key, req.body);
        const id = (reply.json as { orderID?: string } | undefined)?.orderID;
        const o = id ? engine.orders.get(id.toLowerCase()) ?? engine.orders.get(id) : undefined;
        if (o) for (const l of placedListeners) l(o);
        if (o) changed(o, 'PLACEMENT');
        return reply;
      }));
      router.get('/data/order/:id', l2((_req, key, p) => {
        const o = engine.orders.get(p.id!.toLowerCase());
        return o && o.signer === key.address ? { json: openOrder(o) } : { status: 404, json: { error: 'Order not found' } };
      }));
      router.get('/data/orders', l2((req, key) => {
        const cursor = req.query.get('next_cursor') || START_CURSOR;
        const offset = Number(Buffer.from(cursor, 'base64').toString('utf8'));
        if (!Number.isInteger(offset) || offset < -1) return { status: 400, json: { error: 'invalid order params payload' } };
        const asset = req.query.get('asset_id');
        const market = req.query.get('market');
        const id = req.query.get('id');
        const all = engine
          .openOrdersOf(key.address)
          .filter((o) => (!asset || o.tokenId === asset) && (!market || token(o.tokenId)?.conditionId === market) && (!id || o.id === id.toLowerCase()));
        const page = offset < 0 ? [] : all.slice(offset, offset + state.pageSize);
        const end = offset < 0 || offset + state.pageSize >= all.length;
        const next = end ? END_CURSOR : Buffer.from(String(offset + state.pageSize)).toString('base64');
        return { json: { limit: state.pageSize, next_cursor: next, count: page.length, data: page.map(openOrder) } };
      }));

      const cancel = (orders: EngineOrder[], missing: string[] = []): Reply => {
        const canceled: string[] = [];
        const notCanceled: Record<string, string> = {};
        for (const o of orders) {
          const refusal = cancelRefusals.get(o.id);
          if (refusal) notCanceled[o.id] = refusal;
          else if (o.status !== 'LIVE') notCanceled[o.id] = o.status === 'MATCHED' ? 'Order already matched' : 'Order not found or already canceled';
          else {
            o.status = 'CANCELED';
            canceled.push(o.id);
            changed(o, 'CANCELLATION');
          }
        }
        for (const id of missing) notCanceled[id] = 'Order not found or already canceled';
        return { json: { canceled, not_canceled: notCanceled } };
      };
      router.delete('/cancel-all', l2((_req, key) => cancel(engine.openOrdersOf(key.address))));
      router.delete('/cancel-market-orders', l2((req, key) => {
        const b = (parseBody(req) ?? {}) as Record<string, unknown>;
        const asset = typeof b.asset_id === 'string' ? b.asset_id : '';
        const market = typeof b.market === 'string' ? b.market : '';
        if (!asset && !market) return { status: 400, json: { error: 'Invalid order payload' } };
        return cancel(engine.openOrdersOf(key.address).filter((o) => (!asset || o.tokenId === asset) && (!market || token(o.tokenId)?.conditionId === market)));
      }));
      const byIds = (key: ApiKeyRecord, ids: unknown[]) => {
        const mine = ids.map((i) => engine.orders.get(String(i).toLowerCase())).filter((o): o is EngineOrder => !!o && o.signer === key.address);
        return cancel(mine, ids.map(String).filter((i) => !mine.some((o) => o.id === i.toLowerCase())));
      };
      router.delete('/order', l2((req, key) => {
        const b = parseBody(req) as { orderID?: unknown } | null;
        return typeof b?.orderID === 'string' ? byIds(key, [b.orderID]) : { status: 400, json: { error: 'Invalid orderID' } };
      }));
      router.delete('/orders', l2((req, key) => {
        const b = parseBody(req);
        return Array.isArray(b) ? byIds(key, b) : { status: 400, json: { error: 'Invalid order payload' } };
      }));
    },
  };

  function openOrder(o: EngineOrder) {
    const t = token(o.tokenId);
    return {
      id: o.id,
      status: o.status,
      owner: o.owner,
      maker_address: o.maker,
      market: t?.conditionId ?? '',
      asset_id: o.tokenId,
      side: o.side,
      // Shares as decimal strings: "already normalized; do not divide by 1e6" (current reference).
      original_size: o.size.toFixed(),
      size_matched: o.matched.toFixed(),
      price: o.price.toFixed(),
      outcome: t?.outcome ?? '',
      expiration: o.expiration,
      order_type: o.orderType,
      associate_trades: o.trades,
      created_at: o.createdAt,
    };
  }
  return state;
}

function creds(k: ApiKeyRecord) {
  return { apiKey: k.apiKey, secret: k.secret, passphrase: k.passphrase };
}

function parseBody(req: RecordedRequest): unknown {
  try {
    return parseJsonBody(req);
  } catch {
    return null;
  }
}

export type ClobTrading = ReturnType<typeof createClobTrading>;
