/**
 * The Polymarket connections shared by every Polymarket concern: Gamma (market metadata, public)
 * and the CLOB (books public, trading signed). Paced under Polymarket's documented limits
 * (Gamma /events 500 per 10 s; CLOB ledger endpoints 900 per 10 s).
 */
import type { AdapterConfig } from '../config.js';
import { PmtError } from '../../errors.js';
import { HttpClient, upstreamMessage, type HttpOptions, type RequestContext, type UpstreamResponse } from '../http.js';
import { mapClobError, mapGammaError } from './errors.js';
import { polymarket } from './manifest.js';

export const GAMMA_PER_SECOND = polymarket.rateBudget.perSecond.gamma;
export const CLOB_PER_SECOND = polymarket.rateBudget.perSecond.clob;
export const DATA_PER_SECOND = polymarket.rateBudget.perSecond.data;

export class PolymarketClient {
  readonly gamma: HttpClient;
  readonly clob: HttpClient;
  /** The Data API (positions, the public trade tape); public, no auth. */
  readonly data: HttpClient;
  readonly cfg: AdapterConfig;

  constructor(cfg: AdapterConfig) {
    this.cfg = cfg;
    // The three APIs differ only in name, base URL, error mapping and rate (PMT_POLYMARKET_RATE overrides all three).
    const api = (key: string, label: string, baseUrl: string, mapError: HttpOptions['mapError'], perSecond: number, signs = false) =>
      new HttpClient({ exchange: 'polymarket', label, baseUrl, mapError, log: cfg.log, signs, pace: { key, perSecond: Number(cfg.env.PMT_POLYMARKET_RATE) || perSecond } });
    this.gamma = api('polymarket-gamma', 'Polymarket Gamma', cfg.urls.gamma ?? polymarket.urls.gamma.default, mapGammaError, GAMMA_PER_SECOND);
    this.clob = api('polymarket-clob', 'Polymarket CLOB', cfg.urls.clob ?? polymarket.urls.clob.default, mapClobError, CLOB_PER_SECOND, true);
    this.data = api('polymarket-data', 'Polymarket Data API', cfg.urls.data ?? polymarket.urls.data.default, mapDataError, DATA_PER_SECOND);
  }
}

/** Data API failures: `{"error": "..."}` bodies; 400 names a bad parameter (e.g. an address). */
export function mapDataError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  return new PmtError('Api', `Polymarket Data API ${ctx.method} ${ctx.path} failed (HTTP ${res.status}): ${upstreamMessage(res.body)}`, { status: res.status });
}
