/**
 * Polymarket resolveAsset for market ids (`polymarket:<slug>` or a bare slug): the market comes
 * from fetchMarket (stubbed here, so this runs without the Gamma double) and the outcome picks the
 * token. Token ids never reach fetchMarket.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PmtError } from '../../../src/errors.js';
import type { Market } from '../../../src/exchanges/types.js';
import { failure } from '../../helpers/failure.js';

const fetchMarket = vi.fn<(c: unknown, slug: string) => Promise<Market>>();
vi.mock('../../../src/exchanges/polymarket/markets.js', () => ({ fetchMarket: (c: unknown, s: string) => fetchMarket(c, s) }));
const { resolveAsset } = await import('../../../src/exchanges/polymarket/book.js');

const YES = '7'.repeat(77);
const NO = '8'.repeat(77);
const market = (slug: string, outcomes: Array<[string, string | null]>): Market =>
  ({ unified_id: `polymarket:${slug}`, ticker: slug, outcomes: outcomes.map(([label, token_id]) => ({ label, price: 0.5, token_id })) }) as unknown as Market;
const client = {} as never;

beforeEach(() => {
  fetchMarket.mockReset();
  fetchMarket.mockImplementation(async (_c, slug) => market(slug, [['Yes', YES], ['No', NO]]));
});

describe('Polymarket resolveAsset (market ids)', () => {
  it('polymarket:<slug> resolves to the first outcome token by default', async () => {
    expect(await resolveAsset(client, 'polymarket:will-x-happen')).toBe(YES);
    expect(fetchMarket).toHaveBeenCalledWith(client, 'will-x-happen');
  });

  it('--outcome picks the token by label, case-insensitively (yes/no or a categorical label)', async () => {
    expect(await resolveAsset(client, 'polymarket:will-x-happen', 'no')).toBe(NO);
    expect(await resolveAsset(client, 'will-x-happen', 'YES')).toBe(YES);
    fetchMarket.mockImplementation(async (_c, slug) => market(slug, [['Donald Trump', YES], ['Kamala Harris', NO]]));
    expect(await resolveAsset(client, 'polymarket:who-wins', 'kamala harris')).toBe(NO);
  });

  it('an unknown outcome is a usage error naming the valid ones', async () => {
    const e = await failure(resolveAsset(client, 'polymarket:will-x-happen', 'maybe'));
    expect(e.usage).toBe(true);
    expect(e.message).toContain('valid: Yes, No');
  });

  it('a market without CLOB tokens is MarketNotFound; a missing market propagates as is', async () => {
    fetchMarket.mockImplementation(async (_c, slug) => market(slug, [['Yes', null], ['No', null]]));
    expect((await failure(resolveAsset(client, 'polymarket:old'))).kind).toBe('MarketNotFound');
    fetchMarket.mockRejectedValue(new PmtError('MarketNotFound', 'Polymarket has no market or event "nope"'));
    expect((await failure(resolveAsset(client, 'polymarket:nope'))).message).toContain('nope');
  });

  it('a token id never looks up the market', async () => {
    expect(await resolveAsset(client, `polymarket:${YES}`, 'no')).toBe(YES);
    expect(await resolveAsset(client, NO)).toBe(NO);
    expect(fetchMarket).not.toHaveBeenCalled();
  });
});
