/**
 * The Polymarket connections shared by every Polymarket concern: Gamma (market metadata, public)
 * and the CLOB (books public, trading signed). Paced under Polymarket's documented limits
 * (Gamma /events 500 per 10 s; CLOB ledger endpoints 900 per 10 s).
 */
import type { AdapterConfig } from '../config.js';
import { PmtError } from '../../errors.js';
import { HttpClient, upstreamMessage, type RequestContext, type UpstreamResponse } from '../http.js';
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
    this.gamma = new HttpClient({
      exchange: 'polymarket',
      label: 'Polymarket Gamma',
      baseUrl: cfg.urls.gamma ?? polymarket.urls.gamma.default,
      mapError: mapGammaError,
      log: cfg.log,
      pace: { key: 'polymarket-gamma', perSecond: Number(cfg.env.PMT_POLYMARKET_RATE) || GAMMA_PER_SECOND },
    });
    this.clob = new HttpClient({
      exchange: 'polymarket',
      label: 'Polymarket CLOB',
      baseUrl: cfg.urls.clob ?? polymarket.urls.clob.default,
      mapError: mapClobError,
      log: cfg.log,
      pace: { key: 'polymarket-clob', perSecond: Number(cfg.env.PMT_POLYMARKET_RATE) || CLOB_PER_SECOND },
    });
    this.data = new HttpClient({
      exchange: 'polymarket',
      label: 'Polymarket Data API',
      baseUrl: cfg.urls.data ?? polymarket.urls.data.default,
      mapError: mapDataError,
      log: cfg.log,
      pace: { key: 'polymarket-data', perSecond: Number(cfg.env.PMT_POLYMARKET_RATE) || DATA_PER_SECOND },
    });
  }
}

/** Data API failures: `{"error": "..."}` bodies; 400 names a bad parameter (e.g. an address). */
export function mapDataError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  return new PmtError('Api', `Polymarket Data API ${ctx.method} ${ctx.path} failed (HTTP ${res.status}): ${upstreamMessage(res.body)}`, { status: res.status });
}
