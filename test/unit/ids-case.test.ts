/** Issue 21 (friction): a lowercase Kalshi ticker is found: Kalshi tickers are upper case, so pmt spells them so. */
import { describe, expect, it } from 'vitest';
import { assetExchange, marketExchange } from '../../src/exchanges/ids.js';

describe('Kalshi tickers in any case', () => {
  it('a unified or --exchange kalshi ticker is upper-cased; a Polymarket slug is kept as typed', () => {
    expect(marketExchange('kalshi:kxtest-25q4-contract', undefined)).toEqual({ exchange: 'kalshi', ticker: 'KXTEST-25Q4-CONTRACT' });
    expect(marketExchange('kxtest-25q4-contract', 'kalshi')).toEqual({ exchange: 'kalshi', ticker: 'KXTEST-25Q4-CONTRACT' });
    expect(assetExchange('kalshi:kxtest-25q4-contract', undefined)).toEqual({ exchange: 'kalshi', id: 'kalshi:KXTEST-25Q4-CONTRACT' });
    expect(assetExchange('kxtest-25q4-contract', 'kalshi')).toEqual({ exchange: 'kalshi', id: 'KXTEST-25Q4-CONTRACT' });
    expect(marketExchange('polymarket:will-it-rain', undefined)).toEqual({ exchange: 'polymarket', ticker: 'will-it-rain' });
  });
});
