/**
 * The Polymarket US connection: the public gateway (markets, books, price history) and the
 * authenticated API (orders, portfolio, account), each one HttpClient on its origin, paced under
 * the venue's 20 requests per second.
 */
import type { AdapterConfig } from '../config.js';
import { PmtError } from '../../errors.js';
import { HttpClient, type Signer } from '../http.js';
import { loadPolymarketUsKey, signHeaders } from './auth.js';
import { mapPolymarketUsError } from './errors.js';
import { polymarketUs } from './manifest.js';

/** An origin without a trailing slash (pmt appends `/v1/...`). */
export function origin(u: string): string {
  return u.replace(/\/+$/, '');
}

export class PolymarketUsClient {
  readonly gateway: HttpClient;
  readonly api: HttpClient;
  readonly cfg: AdapterConfig;
  private signerPromise?: Promise<Signer>;
  /** Create bodies the venue previewed in this run (orders.ts): the create after a preview does not ask twice. */
  readonly previewed = new Set<string>();

  constructor(cfg: AdapterConfig) {
    this.cfg = cfg;
    const rate = Number(cfg.env.PMT_POLYMARKET_US_RATE) || 0;
    this.gateway = new HttpClient({
      exchange: 'polymarket-us',
      label: 'Polymarket US gateway',
      baseUrl: origin(cfg.urls.pmusGateway ?? polymarketUs.urls.pmusGateway.default),
      mapError: mapPolymarketUsError,
      log: cfg.log,
      pace: { key: 'polymarket-us-gateway', perSecond: rate || polymarketUs.rateBudget.perSecond.pmusGateway },
    });
    this.api = new HttpClient({
      exchange: 'polymarket-us',
      label: 'Polymarket US',
      baseUrl: origin(cfg.urls.pmusApi ?? polymarketUs.urls.pmusApi.default),
      mapError: mapPolymarketUsError,
      log: cfg.log,
      signs: true,
      pace: { key: 'polymarket-us-api', perSecond: rate || polymarketUs.rateBudget.perSecond.pmusApi },
    });
  }

  /** The request signer from the resolved credentials; none configured is `Config` with the fix. */
  signer(): Promise<Signer> {
    this.signerPromise ??= (async () => {
      const creds = (await this.cfg.credentials()).polymarketUs;
      if (!creds) throw new PmtError('Config', 'no Polymarket US credentials are configured', { hint: polymarketUs.credentials.fix });
      const key = loadPolymarketUsKey(creds.secretKey.value, `the Polymarket US secret key from ${creds.privateKeyPath ?? creds.secretKey.origin}`);
      const keyId = creds.apiKeyId.value.trim();
      return ({ method, signPath }) => signHeaders(key, keyId, this.cfg.now(), method, signPath);
    })();
    this.signerPromise.catch(() => (this.signerPromise = undefined));
    return this.signerPromise;
  }
}
