/**
 * pmt's order bytes against Polymarket's official client: signatures, order hashes and POST /order
 * bodies for V1, V2, V3 and POLY_1271 orders, from fixtures the official `@polymarket/clob-client-v2`
 * produced (fixtures/README.md says how). Same inputs (key, salt, timestamp, amounts) → same bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PolymarketCredentials, SignatureType } from '../../../src/exchanges/polymarket/credentials.js';
import { Decimal } from '../../../src/decimal.js';
import { orderAmounts } from '../../../src/exchanges/polymarket/amounts.js';
import { exchangeDomain, ORDER_VERSIONS, type OrderVersion } from '../../../src/exchanges/polymarket/order-versions.js';
import { orderBody, signOrder, unsignedOrder } from '../../../src/exchanges/polymarket/sign-order.js';
import { buildWallet } from '../../../src/exchanges/polymarket/wallet.js';
import { recoverOrderSigner } from '../../upstream/polymarket/clob-versions.js';

interface Case {
  name: string;
  version: OrderVersion;
  signatureType: 0 | 1 | 2 | 3;
  negRisk: boolean;
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  tick: string;
  feeRateBps: number | null;
  postOnly: boolean;
  orderType: string;
  exchange: string;
  hash: string;
  signature: string;
  body: string;
}
const F = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/official-orders.json'), 'utf8')) as {
  privateKey: string; signer: string; tokenId: string; nowMs: number; salt: number; owner: string; funder: string; cases: Case[];
};
const TYPES: SignatureType[] = ['eoa', 'proxy', 'gnosis-safe', 'poly-1271'];

function creds(type: 0 | 1 | 2 | 3): PolymarketCredentials {
  const s = <T>(value: T) => ({ value, source: 'env' as const, origin: 'test' });
  return { privateKey: s(F.privateKey), funder: type === 0 ? undefined : s(F.funder), signatureType: s(TYPES[type]!) } as unknown as PolymarketCredentials;
}

async function build(c: Case) {
  const w = await buildWallet(creds(c.signatureType));
  const amounts = orderAmounts(c.side, Decimal.from(c.price), Decimal.from(c.size), Decimal.from(c.tick));
  const built = await signOrder(w, c.version, { tokenId: F.tokenId, amounts, negRisk: c.negRisk, nowMs: F.nowMs, salt: F.salt, feeRateBps: c.feeRateBps ?? undefined });
  return { w, built };
}

describe('order bytes match the official client', () => {
  test.each(F.cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const { built } = await build(c);
    expect(built.version).toBe(c.version);
    expect(built.exchange).toBe(c.exchange);
    expect(built.order.signature).toBe(c.signature);
    expect(built.hash).toBe(c.hash);
    expect(JSON.stringify(orderBody(built.order, F.owner, c.orderType, c.postOnly))).toBe(c.body);
  });

  test('the fixtures cover every version, plain and neg-risk, and every signature type', () => {
    expect(new Set(F.cases.map((c) => c.version))).toEqual(new Set([1, 2, 3]));
    expect(new Set(F.cases.map((c) => c.signatureType))).toEqual(new Set([0, 1, 2, 3]));
    expect(F.cases.some((c) => c.negRisk) && F.cases.some((c) => !c.negRisk)).toBe(true);
  });
});

describe('the three domains', () => {
  test('V1, V2 and V3 name their own domain version and contracts; V3 has one exchange for both', () => {
    expect(exchangeDomain(1, false)).toEqual({ name: 'Polymarket CTF Exchange', version: '1', chainId: 137, verifyingContract: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E' });
    expect(exchangeDomain(1, true).verifyingContract).toBe('0xC5d563A36AE78145C45a50134d48A1215220f80a');
    expect(exchangeDomain(2, false)).toEqual({ name: 'Polymarket CTF Exchange', version: '2', chainId: 137, verifyingContract: '0xE111180000d2663C0091e4f400237545B87B996B' });
    expect(exchangeDomain(2, true).verifyingContract).toBe('0xe2222d279d744050d28e00520010520000310F59');
    expect(exchangeDomain(3, false)).toEqual({ name: 'Polymarket CTF Exchange', version: '3', chainId: 137, verifyingContract: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa' });
    expect(exchangeDomain(3, true)).toEqual(exchangeDomain(3, false));
    expect(ORDER_VERSIONS[1].struct.map((f) => f.name)).toEqual(['salt', 'maker', 'signer', 'taker', 'tokenId', 'makerAmount', 'takerAmount', 'expiration', 'nonce', 'feeRateBps', 'side', 'signatureType']);
  });
});

describe('POLY_1271 (smart-contract deposit wallets)', () => {
  const c1271 = F.cases.filter((c) => c.signatureType === 3);

  test.each(c1271.map((c) => [c.name, c] as const))('%s: maker and signer are the wallet; the envelope recovers to the key that controls it', async (_n, c) => {
    const { w, built } = await build(c);
    expect(built.order.maker).toBe(F.funder);
    expect(built.order.signer).toBe(F.funder);
    expect(await recoverOrderSigner(built.order, c.negRisk, c.version)).toBe(w.address.toLowerCase());
    // The same envelope is not valid under the other V2/V3 domain.
    expect(await recoverOrderSigner(built.order, c.negRisk, c.version === 2 ? 3 : 2)).toBeNull();
  });

  test('a V1 order cannot carry type 3: NotSupported before anything is signed', async () => {
    const w = await buildWallet(creds(3));
    const amounts = orderAmounts('BUY', Decimal.from('0.5'), Decimal.from('10'), Decimal.from('0.01'));
    expect(() => unsignedOrder(w, 1, { tokenId: F.tokenId, amounts, negRisk: false, nowMs: F.nowMs })).toThrow(expect.objectContaining({ kind: 'NotSupported' }));
  });
});
