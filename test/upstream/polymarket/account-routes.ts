/**
 * The CLOB double's account reads for a trader's day, every private one behind the L2 check:
 * - `GET /balance-allowance?asset_type=COLLATERAL|CONDITIONAL&signature_type=0|1|2`: the address
 *   is the API key's signer for type 0, else the proxy (1) or Safe (2) wallet linked to it, else
 *   the one the factory derives from the signer. 6-decimal fixed-point strings.
 * - `GET /data/trades?maker_address=…`: the trades of that address (it must be the key's signer
 *   or one of its wallets), told from the taker's side with `trader_side` and `maker_orders`,
 *   newest first, paged `MA==` … `LTE=`.
 * - `GET /prices-history?market=<token>` (public): seeded points and every match of the token,
 *   one point per `fidelity` minutes (the last in each), inside startTs/endTs.
 */
import { encodeAbiParameters, encodePacked, getCreate2Address, keccak256 } from 'viem/utils';
import { Decimal } from '../../../src/decimal.js';
import type { RecordedRequest, Reply, Router } from '../server.js';
import type { ApiKeyRecord } from './clob-auth.js';
import type { TradeRecord } from './clob-engine.js';
import { END_CURSOR, START_CURSOR, type ClobTrading } from './trading-routes.js';

const MAX_UINT256 = ((1n << 256n) - 1n).toString();
const ADDR_RE = /^0x[0-9a-fA-F]{40}$/;
const micro = (d: Decimal) => d.toUnits(6, 'down').toString();

/** The proxy (1) or Safe (2) a signer's key controls, as Polymarket's factories deploy them. */
export function derivedWallet(signer: string, type: 1 | 2): string {
  const s = signer as `0x${string}`;
  return (
    type === 1
      ? getCreate2Address({ from: '0xaB45c5A4B0c941a2F231C04C3f49182e1A254052', salt: keccak256(encodePacked(['address'], [s])), bytecodeHash: '0xd21df8dc65880a8606f09fe0ce3df9b8869287ab0b058be05aa9e8af6330a00b' })
      : getCreate2Address({ from: '0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b', salt: keccak256(encodeAbiParameters([{ type: 'address' }], [s])), bytecodeHash: '0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf' })
  ).toLowerCase();
}

export function createClobAccount(trading: ClobTrading) {
  const { engine, wallets, auth } = trading;
  /** Seeded price points per token (unix seconds, price). */
  const history = new Map<string, Array<{ t: number; p: Decimal }>>();
  const state = { tradesPageSize: 100 };

  /** The signer and every wallet linked to it, lower case. */
  const addressesOf = (key: ApiKeyRecord): Set<string> =>
    new Set([key.address, ...[...wallets.keys()].filter((k) => k.startsWith(`${key.address}:`)).map((k) => k.split(':')[1]!)]);

  function balanceAllowance(req: RecordedRequest, key: ApiKeyRecord): Reply {
    const type = req.query.get('asset_type');
    if (type !== 'COLLATERAL' && type !== 'CONDITIONAL') return { status: 400, json: { error: 'Invalid asset type' } };
    const st = req.query.get('signature_type') ?? '0';
    if (!['0', '1', '2'].includes(st)) return { status: 400, json: { error: 'Invalid signature_type' } };
    const code = Number(st);
    // A wallet linked by the test, else the one the factory derives from the signer (as the CLOB does).
    const address = code === 0 ? key.address : ([...wallets].find(([k, t]) => t === code && k.startsWith(`${key.address}:`))?.[0].split(':')[1] ?? derivedWallet(key.address, code as 1 | 2));
    const allowance = engine.allowances.get(address) ?? MAX_UINT256;
    const allowances = { '0xE111180000d2663C0091e4f400237545B87B996B': allowance, '0xe2222d279d744050d28e00520010520000310F59': allowance, '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296': allowance };
    if (type === 'COLLATERAL') return { json: { balance: micro(engine.balanceOf(address)), allowances } };
    const token = req.query.get('token_id') ?? '';
    return { json: { balance: micro(engine.positionOf(address, token)), allowances } };
  }

  function tradeWire(t: TradeRecord, mine: Set<string>, key: ApiKeyRecord) {
    const tok = trading.token(t.tokenId);
    const feeBps = String(trading.feeOf(tok?.conditionId ?? '')?.baseFee ?? 0);
    const taker = mine.has(t.taker.maker) || t.taker.owner === key.apiKey;
    return {
      id: t.id,
      taker_order_id: t.taker.id,
      market: tok?.conditionId ?? '',
      asset_id: t.tokenId,
      side: t.taker.side,
      size: t.size.toFixed(),
      fee_rate_bps: feeBps,
      price: t.price.toFixed(),
      status: 'TRADE_STATUS_CONFIRMED',
      match_time: String(t.ts),
      last_update: String(t.ts),
      outcome: tok?.outcome ?? '',
      bucket_index: 0,
      owner: t.taker.owner,
      maker_address: t.taker.maker,
      transaction_hash: `0x${Buffer.from(t.id.padEnd(32, '.')).toString('hex').slice(0, 64)}`,
      trader_side: taker ? 'TAKER' : 'MAKER',
      maker_orders: [
        { order_id: t.maker.id, owner: t.maker.owner, maker_address: t.maker.maker, matched_amount: t.size.toFixed(), price: t.price.toFixed(), fee_rate_bps: '0', asset_id: t.tokenId, outcome: tok?.outcome ?? '', side: t.maker.side },
      ],
    };
  }

  function trades(req: RecordedRequest, key: ApiKeyRecord): Reply {
    const q = req.query;
    const maker = (q.get('maker_address') ?? '').toLowerCase();
    if (!ADDR_RE.test(maker)) return { status: 400, json: { error: 'Invalid trade params payload' } };
    const mine = addressesOf(key);
    const cursor = q.get('next_cursor') || START_CURSOR;
    const offset = Number(Buffer.from(cursor, 'base64').toString('utf8'));
    if (!Number.isInteger(offset) || offset < -1) return { status: 400, json: { error: 'Invalid trade params payload' } };
    const market = q.get('market');
    const asset = q.get('asset_id');
    const all = mine.has(maker)
      ? engine.trades
          .filter((t) => t.taker.maker === maker || t.maker.maker === maker)
          .filter((t) => (!asset || t.tokenId === asset) && (!market || trading.token(t.tokenId)?.conditionId === market))
          .slice()
          .reverse()
      : [];
    const page = offset < 0 ? [] : all.slice(offset, offset + state.tradesPageSize);
    const end = offset < 0 || offset + state.tradesPageSize >= all.length;
    const next = end ? END_CURSOR : Buffer.from(String(offset + state.tradesPageSize)).toString('base64');
    return { json: { limit: state.tradesPageSize, next_cursor: next, count: page.length, data: page.map((t) => tradeWire(t, new Set([maker]), key)) } };
  }

  function pricesHistory(req: RecordedRequest): Reply {
    const q = req.query;
    const token = q.get('market');
    if (!token || !/^\d+$/.test(token)) return { status: 400, json: { error: 'market is required' } };
    const start = q.get('startTs') ? Number(q.get('startTs')) : -Infinity;
    const end = q.get('endTs') ? Number(q.get('endTs')) : Infinity;
    const fidelity = Math.max(1, Number(q.get('fidelity') ?? 1) || 1) * 60;
    const points = [...(history.get(token) ?? []), ...engine.trades.filter((t) => t.tokenId === token).map((t) => ({ t: t.ts, p: t.price }))]
      .filter((x) => x.t >= start && x.t <= end)
      .sort((a, b) => a.t - b.t);
    const last = new Map<number, { t: number; p: Decimal }>();
    for (const x of points) last.set(Math.floor(x.t / fidelity), x);
    return { json: { history: [...last.values()].map((x) => ({ t: x.t, p: x.p.toNumber() })) } };
  }

  return {
    state,
    /** Price points of a token (for charts), unix seconds. */
    seedHistory(tokenId: string, points: Array<{ t: number; p: number | string }>): void {
      history.set(tokenId, [...(history.get(tokenId) ?? []), ...points.map((x) => ({ t: x.t, p: Decimal.from(x.p) }))]);
    },
    /** Set an address's collateral allowance, dollars (unset: unlimited). */
    setAllowance(address: string, usd: number | string): void {
      engine.allowances.set(address.toLowerCase(), micro(Decimal.from(usd)));
    },
    register(router: Router): void {
      const l2 = (h: (req: RecordedRequest, key: ApiKeyRecord) => Reply) => (req: RecordedRequest) => {
        const r = auth.checkL2(req);
        return 'reply' in r ? r.reply : h(req, r.key);
      };
      router.get('/balance-allowance', l2(balanceAllowance));
      router.get('/data/trades', l2(trades));
      router.get('/prices-history', pricesHistory);
    },
  };
}
export type ClobAccount = ReturnType<typeof createClobAccount>;
