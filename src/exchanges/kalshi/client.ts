/**
 * The Kalshi connection shared by every Kalshi concern (markets, book, orders): one HttpClient on
 * the trade API base URL, paced under the Basic tier's 20 reads/s, and a signer built on demand
 * from the resolved credentials.
 */
import type { KeyObject } from 'node:crypto';
import type { AdapterConfig } from '../config.js';
import { PmtError } from '../../errors.js';
import { HttpClient, type Signer } from '../http.js';
import { keyKindOf, kalshiSigner, loadKalshiKey, type KalshiKeyKind } from './auth.js';
import { mapKalshiError } from './errors.js';
import { loadLimits, type KalshiLimits } from './limits.js';
import { kalshi } from './manifest.js';

export const KALSHI_READS_PER_SECOND = kalshi.rateBudget.perSecond.reads;
export const KALSHI_WRITES_PER_SECOND = kalshi.rateBudget.perSecond.writes;

export class KalshiClient {
  readonly http: HttpClient;
  readonly cfg: AdapterConfig;
  private signerPromise?: Promise<Signer>;
  /** The kind of the key that signs ("Ed25519" / "RSA"), once loaded: named when Kalshi refuses it. */
  keyKind?: KalshiKeyKind;

  /** Reads paced per second (the HTTP client reads it at every request): the tier's, once known. */
  readonly pace: { key: string; perSecond: number };
  /** Writes per second (create, cancel, amend, decrease): the tier's, once known. */
  writeRate: number;
  /** The account's API tier and rates, once read (limits.ts); null when unknown. */
  limits: KalshiLimits | null = null;

  constructor(cfg: AdapterConfig) {
    this.cfg = cfg;
    this.pace = { key: 'kalshi', perSecond: Number(cfg.env.PMT_KALSHI_RATE) || KALSHI_READS_PER_SECOND };
    this.writeRate = Number(cfg.env.PMT_KALSHI_WRITE_RATE) || KALSHI_WRITES_PER_SECOND;
    this.http = new HttpClient({
      exchange: 'kalshi',
      label: 'Kalshi',
      baseUrl: cfg.urls.kalshi ?? kalshi.urls.kalshi.default,
      mapError: (res, ctx) => mapKalshiError(res, ctx, this.keyKind),
      log: cfg.log,
      signs: true,
      pace: this.pace,
    });
  }

  /**
   * The signer for a public read (the orderbook): the keys' signer when Kalshi credentials are
   * configured (a broken key is still an error), none when there are none (the read goes unsigned).
   */
  async publicReadSigner(): Promise<Signer | undefined> {
    if (!(await this.cfg.credentials()).kalshi) return undefined;
    return this.signer('read');
  }

  /**
   * The request signer. Missing credentials are `Authentication` for reads that Kalshi guards
   * (the book) and `Config` for trading, both with the command that fixes it.
   */
  signer(purpose: 'read' | 'trade'): Promise<Signer> {
    this.signerPromise ??= (async () => {
      const creds = (await this.cfg.credentials()).kalshi;
      if (!creds) {
        throw new PmtError(
          purpose === 'read' ? 'Authentication' : 'Config',
          purpose === 'read' ? 'Kalshi requires an API key to read this (authentication required)' : 'no Kalshi credentials are configured',
          {
            hint: 'run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path key.pem`, or set KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH',
          },
        );
      }
      const key: KeyObject = loadKalshiKey(creds.privateKeyPem.value, `the Kalshi private key from ${creds.privateKeyPem.origin}`);
      this.keyKind = keyKindOf(key) ?? undefined;
      const signer = kalshiSigner(creds.apiKeyId.value, key, this.cfg.now);
      // The account's rate limits, at most once per run (cached an hour): pacing to the real tier.
      // Commands that only read market data (a book with keys) keep the Basic budget and ask nothing.
      if (purpose === 'trade') this.limits = await loadLimits(this, signer, `${this.http.baseUrl} ${creds.apiKeyId.value}`);
      return signer;
    })();
    // A failed attempt is not cached: the next call tries again (e.g. after a profile is added).
    this.signerPromise.catch(() => (this.signerPromise = undefined));
    return this.signerPromise;
  }
}
