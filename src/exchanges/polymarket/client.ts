/**
 * The Polymarket connections shared by every Polymarket concern: Gamma (market metadata, public)
 * and the CLOB (books public, trading signed). Paced under Polymarket's documented limits
 * (Gamma /events 500 per 10 s; CLOB ledger endpoints 900 per 10 s).
 */
import type { AdapterConfig } from '../config.js';
import { HttpClient } from '../http.js';
import { mapClobError, mapGammaError } from './errors.js';
import { polymarket } from './manifest.js';

export const GAMMA_PER_SECOND = polymarket.rateBudget.perSecond.gamma;
export const CLOB_PER_SECOND = polymarket.rateBudget.perSecond.clob;

export class PolymarketClient {
  readonly gamma: HttpClient;
  readonly clob: HttpClient;
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
  }
}
