import { describe, expect, it } from 'vitest';
import { decodeCombinedCursor, encodeCombinedCursor, fetchMarketsAcross, iterateMarkets } from '../../src/ops/markets-across.js';
import type { Exchange } from '../../src/exchanges/exchange.js';
import { PartialFailure, PmtError } from '../../src/errors.js';
import type { ExchangeId, FetchMarketsParams, Market } from '../../src/exchanges/types.js';

function market(exchange: ExchangeId, ticker: string): Market {
  return { exchange, unified_id: `${exchange}:${ticker}`, ticker } as Market;
}

/** A fake exchange paging over n markets with integer cursors. */
function fake(id: ExchangeId, n: number, calls: FetchMarketsParams[] = []): Exchange {
  return {
    id,
    async fetchMarkets(p: FetchMarketsParams) {
      calls.push(p);
      if (p.cursor === 'boom') throw new PmtError('Api', `${id} failed`);
      const start = p.cursor ? Number(p.cursor) : 0;
      const size = p.limit ?? 10;
      const markets = Array.from({ length: Math.max(0, Math.min(size, n - start)) }, (_, i) => market(id, `M${start + i}`));
      return { markets, cursor: start + size < n ? String(start + size) : null };
    },
  } as unknown as Exchange;
}

describe('combined cursor', () => {
  it('round-trips and drops exhausted exchanges', () => {
    const c = encodeCombinedCursor({ kalshi: 'abc', polymarket: 'x=y' })!;
    expect(c.startsWith('pmt1.')).toBe(true);
    expect(decodeCombinedCursor(c)).toEqual({ kalshi: 'abc', polymarket: 'x=y' });
    expect(encodeCombinedCursor({})).toBeNull();
  });

  it.each(['garbage', 'pmt1.', 'pmt1.!!!', 'pmt1.' + Buffer.from('[1]').toString('base64url'), 'pmt1.' + Buffer.from('{"binance":"1"}').toString('base64url')])(
    'rejects malformed cursor %j as a usage error',
    (c) => {
      expect(() => decodeCombinedCursor(c)).toThrowError(expect.objectContaining({ usage: true, kind: 'Api' }));
    },
  );
});

describe('fetchMarketsAcross', () => {
  const ex = (k: number, p: number) => {
    const map: Partial<Record<ExchangeId, Exchange>> = { kalshi: fake('kalshi', k), polymarket: fake('polymarket', p) };
    return async (id: ExchangeId) => map[id]!;
  };

  it('pages both exchanges with one cursor, each at its own limit', async () => {
    const get = ex(25, 7);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await fetchMarketsAcross(get, ['kalshi', 'polymarket'], { cursor }, (id) => (id === 'kalshi' ? 10 : 5));
      seen.push(...page.markets.map((m) => m.unified_id));
      cursor = page.cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(32);
    expect(new Set(seen).size).toBe(32);
  });

  it('keeps what answered when one exchange fails, reports the failure, and keeps its position', async () => {
    const cursor = encodeCombinedCursor({ kalshi: '0', polymarket: 'boom' })!;
    const page = await fetchMarketsAcross(ex(5, 5), ['kalshi', 'polymarket'], { cursor });
    expect(page.markets.map((m) => m.unified_id)).toEqual(['kalshi:M0', 'kalshi:M1', 'kalshi:M2', 'kalshi:M3', 'kalshi:M4']);
    expect(page.failed.map((f) => [f.exchange, f.error.message])).toEqual([['polymarket', 'polymarket failed']]);
    expect(decodeCombinedCursor(page.cursor!)).toEqual({ polymarket: 'boom' });
  });

  it('fails when every exchange fails, with each failure', async () => {
    const cursor = encodeCombinedCursor({ kalshi: 'boom', polymarket: 'boom' })!;
    const err = await fetchMarketsAcross(ex(5, 5), ['kalshi', 'polymarket'], { cursor }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialFailure);
    expect((err as PartialFailure).failures.map((e) => e.message)).toEqual(['kalshi failed', 'polymarket failed']);
  });

  it('fails with the error itself when the only exchange fails', async () => {
    const err = await fetchMarketsAcross(ex(5, 5), ['polymarket'], { cursor: 'boom' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PmtError);
    expect(err).not.toBeInstanceOf(PartialFailure);
  });
});

describe('iterateMarkets', () => {
  it('follows every page, prefetching the next, without duplicates', async () => {
    const calls: FetchMarketsParams[] = [];
    const k = fake('kalshi', 95, calls);
    const pages: Market[][] = [];
    const progress: number[] = [];
    for await (const page of iterateMarkets(async () => k, ['kalshi'], { limit: 10 }, undefined, (s) => progress.push(s.markets))) {
      pages.push(page);
    }
    expect(pages.flat()).toHaveLength(95);
    expect(calls).toHaveLength(10);
    expect(progress.at(-1)).toBe(95);
  });

  it('drops an exchange that fails, reports it once, and follows the other to the end', async () => {
    let calls = 0;
    const broken = {
      id: 'polymarket',
      async fetchMarkets() {
        calls++;
        throw new PmtError('NetworkError', 'polymarket down');
      },
    } as unknown as Exchange;
    const k = fake('kalshi', 25);
    const failures: string[] = [];
    const all: Market[] = [];
    const get = async (id: ExchangeId) => (id === 'kalshi' ? k : broken);
    for await (const page of iterateMarkets(get, ['kalshi', 'polymarket'], { limit: 10 }, undefined, undefined, (f) => failures.push(`${f.exchange}: ${f.error.kind}`))) all.push(...page);
    expect(all).toHaveLength(25);
    expect(failures).toEqual(['polymarket: NetworkError']);
    expect(calls).toBe(1);
  });

  it('stops on a repeated cursor instead of looping forever', async () => {
    const stuck = {
      async fetchMarkets() {
        return { markets: [market('kalshi', 'A')], cursor: 'same' };
      },
    } as unknown as Exchange;
    const all: Market[] = [];
    for await (const page of iterateMarkets(async () => stuck, ['kalshi'], {})) all.push(...page);
    expect(all).toHaveLength(1);
  });
});

describe('iterateMarkets overlaps mapping with the next request', () => {
  it('asks for the next page before it reads (maps) the markets of the current one', async () => {
    const events: string[] = [];
    const lazy: Exchange = {
      id: 'kalshi',
      async fetchMarkets(p: FetchMarketsParams) {
        const start = p.cursor ? Number(p.cursor) : 0;
        events.push(`fetch ${start}`);
        return {
          get markets() {
            events.push(`map ${start}`);
            return [market('kalshi', `M${start}`)];
          },
          cursor: start < 2 ? String(start + 1) : null,
        };
      },
    } as unknown as Exchange;
    const seen: string[] = [];
    for await (const page of iterateMarkets(async () => lazy, ['kalshi'], {})) seen.push(...page.map((m) => m.ticker));
    expect(seen).toEqual(['M0', 'M1', 'M2']);
    expect(events).toEqual(['fetch 0', 'fetch 1', 'map 0', 'fetch 2', 'map 1', 'map 2']);
  });
});
