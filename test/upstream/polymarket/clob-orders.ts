/**
 * `POST /order` as the CLOB V2 checks it: owner and signer bound to the API key, the EIP-712
 * order signature recovered against the exchange contract the token's neg-risk flag selects,
 * maker/signature-type consistency (EOA trades itself; proxy and Safe wallets must belong to the
 * signer), amount precision, tick grid and minimum size, duplicates by order hash, balances, then
 * matching. Error texts follow the ones Polymarket returns.
 */
import { Decimal } from '../../../src/decimal.js';
import type { Reply } from '../server.js';
import type { ApiKeyRecord } from './clob-auth.js';
import type { ClobEngine, TokenDef } from './clob-engine.js';
import { EXCHANGES, orderHash, shapeOf, typedDataFor, versionRefusal, type Version } from './clob-versions.js';

export const EXCHANGE = EXCHANGES[2].plain;
export const NEG_RISK_EXCHANGE = EXCHANGES[2].neg;

/** USD decimals per tick size (the official client's ROUNDING_CONFIG `amount`). */
const AMOUNT_PLACES: Record<string, number> = { '0.1': 3, '0.01': 4, '0.005': 5, '0.001': 5, '0.0025': 6, '0.0001': 6 };
const bad = (error: string): Reply => ({ status: 400, json: { error } });
const INT_RE = /^\d+$/;
const B32_RE = /^0x[0-9a-fA-F]{64}$/;
const ADDR_RE = /^0x[0-9a-fA-F]{40}$/;

export interface OrderDeps {
  engine: ClobEngine;
  token: (id: string) => TokenDef | undefined;
  /** Wallets (lower-case `signer:wallet`) the signer EOA controls: 1 proxy, 2 Safe, 3 POLY_1271 deposit wallet. */
  wallets: Map<string, 1 | 2 | 3>;
  /** The order version the CLOB runs (`GET /version`); anything but 1, 2, 3 refuses every order. */
  version: () => number;
}

/** The typed data of a wire order for one exchange contract (V2 unless a version is named). */
export function typedData(o: Record<string, unknown>, negRisk: boolean, version: Version = 2) {
  return typedDataFor(o, negRisk, version);
}

/** Is the wire order complete and typed for its shape (V1 or V2/V3)? */
function wellFormed(o: Record<string, unknown>): boolean {
  const common =
    Number.isSafeInteger(o.salt) && (o.salt as number) > 0 && ADDR_RE.test(String(o.maker)) && ADDR_RE.test(String(o.signer)) &&
    INT_RE.test(String(o.tokenId)) && INT_RE.test(String(o.makerAmount)) && INT_RE.test(String(o.takerAmount)) &&
    (o.side === 'BUY' || o.side === 'SELL') && [0, 1, 2, 3].includes(o.signatureType as number) &&
    INT_RE.test(String(o.expiration ?? '0')) && typeof o.signature === 'string';
  if (!common) return false;
  return shapeOf(o) === 'v1'
    ? ADDR_RE.test(String(o.taker)) && INT_RE.test(String(o.nonce)) && INT_RE.test(String(o.feeRateBps)) && o.signatureType !== 3
    : INT_RE.test(String(o.timestamp)) && B32_RE.test(String(o.metadata)) && B32_RE.test(String(o.builder));
}

export async function postOrder(deps: OrderDeps, key: ApiKeyRecord, bodyText: string): Promise<Reply> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(bodyText) as Record<string, unknown>;
  } catch {
    return bad('Invalid order payload');
  }
  const o = body?.order as Record<string, unknown> | undefined;
  const orderType = String(body?.orderType ?? 'GTC');
  if (!o || typeof o !== 'object' || !['GTC', 'FOK', 'FAK', 'GTD'].includes(orderType)) return bad('Invalid order payload');
  if (body.owner !== key.apiKey) return bad('the order owner has to be the owner of the API KEY');
  if (!wellFormed(o)) return bad('Invalid order payload');
  const signer = String(o.signer).toLowerCase();
  const maker = String(o.maker).toLowerCase();
  const type = o.signatureType as 0 | 1 | 2 | 3;
  // POLY_1271: the deposit wallet is both maker and signer; the API key's EOA must control it.
  if (type === 3 ? signer !== maker || deps.wallets.get(`${key.address}:${maker}`) !== 3 : signer !== key.address) {
    return bad('the order signer address has to be the address of the API KEY');
  }
  const token = deps.token(String(o.tokenId));
  if (!token) return bad('Invalid order payload');
  // GTD: an expiration at least a minute ahead (Polymarket's security threshold); other types carry none.
  const expiration = Number(o.expiration ?? '0');
  if (orderType === 'GTD' ? expiration < Math.floor(Date.now() / 1000) + 60 : expiration !== 0) return bad('invalid expiration');

  // Protocol V2 positions settle on ExchangeV3 only (domain "3"), whatever `/version` names.
  const version = token.protocol === 'v2' ? 3 : deps.version();
  const refusal = await versionRefusal(o, token.negRisk, version, key.address);
  if (refusal) return bad(refusal);
  const hash = orderHash(o, token.negRisk, version as Version);
  if (type === 0 ? maker !== signer : type !== 3 && deps.wallets.get(`${signer}:${maker}`) !== type) return bad('invalid signature');
  if (deps.engine.orders.has(hash)) return bad(`order ${hash} is invalid. Duplicated.`);

  // Amounts: shares on the 0.01 grid; USD within the precision the CLOB accepts.
  const side = o.side as 'BUY' | 'SELL';
  const makerUnits = BigInt(o.makerAmount as string);
  const takerUnits = BigInt(o.takerAmount as string);
  const market = orderType === 'FOK' || orderType === 'FAK';
  const [sharesUnits, usdUnits] = side === 'BUY' ? [takerUnits, makerUnits] : [makerUnits, takerUnits];
  // Limit orders: the official client's rounding table per tick; immediate buys: whole cents.
  const usdPlaces = market && side === 'BUY' ? 2 : (AMOUNT_PLACES[token.tickSize] ?? 4);
  const sharePlaces = market && side === 'BUY' ? 4 : 2;
  const fits = (units: bigint, places: number) => units % 10n ** BigInt(6 - places) === 0n;
  if (!fits(sharesUnits, sharePlaces) || !fits(usdUnits, usdPlaces) || sharesUnits === 0n) {
    const [mp, tp] = side === 'BUY' ? [usdPlaces, sharePlaces] : [sharePlaces, usdPlaces];
    return bad(`invalid amounts, the ${market ? 'market ' : ''}${side.toLowerCase()} orders maker amount supports a max accuracy of ${mp} decimals, taker amount a max of ${tp} decimals`);
  }
  const shares = Decimal.fromUnits(sharesUnits, 6);
  const usd = Decimal.fromUnits(usdUnits, 6);
  const price = usd.div(shares, 8, 'down');
  const tick = Decimal.from(token.tickSize);
  if (!price.times(shares).eq(usd) || !price.isMultipleOf(tick) || price.lt(tick) || price.gt(Decimal.ONE.minus(tick))) {
    return bad(`order ${hash} is invalid. Price (${price.toFixed()}) breaks minimum tick size rule: ${token.tickSize}`);
  }
  if (shares.lt(token.minSize)) return bad(`order ${hash} is invalid. Size (${shares.toFixed()}) lower than the minimum: ${token.minSize}`);
  const need = side === 'BUY' ? usd : shares;
  if (deps.engine.available(maker, side, token.tokenId).lt(need)) return bad('not enough balance / allowance');

  const { engine } = deps;
  if (body.postOnly === true) {
    if (market) return bad('invalid post-only order: post-only is not supported for FOK/FAK orders');
    if (engine.fillable(token.tokenId, side, price).gt(0)) return bad('invalid post-only order: order crosses book');
  }
  if (orderType === 'FOK' && engine.fillable(token.tokenId, side, price).lt(shares)) {
    return bad("order couldn't be fully filled. FOK orders are fully filled or killed.");
  }
  if (orderType === 'FAK' && engine.fillable(token.tokenId, side, price).isZero()) {
    return bad('no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.');
  }
  const order = engine.rest(
    { owner: key.apiKey, maker, signer, tokenId: token.tokenId, side, price, size: shares, orderType, expiration: String(o.expiration ?? '0') },
    hash,
  );
  const m = engine.match(order);
  if (market && order.status === 'LIVE') order.status = m.filled.isZero() ? 'CANCELED' : 'MATCHED';
  const units = (d: Decimal) => d.toUnits(6).toString();
  const matched = m.filled.gt(0);
  return {
    json: {
      success: true,
      orderID: hash,
      status: matched ? 'matched' : 'live',
      makingAmount: matched ? units(side === 'BUY' ? m.notional : m.filled) : '0',
      takingAmount: matched ? units(side === 'BUY' ? m.filled : m.notional) : '0',
      transactionsHashes: matched ? [`0x${hash.slice(2, 66)}`] : [],
      tradeIDs: m.trades,
      errorMsg: '',
    },
  };
}
