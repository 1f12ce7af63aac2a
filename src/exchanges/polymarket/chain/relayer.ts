/**
 * A deposit wallet (POLY_1271) moves only through Polymarket's relayer, which pays the gas. As
 * Polymarket's clients do it (@polymarket/client 0.2.0 `gasless`, @polymarket/builder-relayer-client
 * 0.0.10 `executeDepositWalletBatch`):
 *
 *   GET  /v1/account/transactions/params?address=<signer>&type=WALLET   → {address, nonce}
 *   the owner key signs EIP-712 Batch{wallet, nonce, deadline, calls[{target, value, data}]}
 *        in the domain {name "DepositWallet", version "1", chainId 137, verifyingContract: wallet}
 *   POST /submit {type: "WALLET", from: signer, to: the deposit wallet factory, nonce, signature,
 *        depositWalletParams: {depositWallet, deadline, calls}, metadata}
 *        → {transactionID, transactionHash, state}
 *   GET  /v1/account/transactions/<id>  → {transaction_id, transaction_hash, state, error_msg}
 *        until STATE_CONFIRMED / STATE_MINED (done) or STATE_FAILED / STATE_INVALID (failed)
 *
 * Every request is authenticated with a Relayer API key (`RELAYER_API_KEY`,
 * `RELAYER_API_KEY_ADDRESS` headers) or Builder API credentials (`POLY_BUILDER_API_KEY`,
 * `POLY_BUILDER_PASSPHRASE`, `POLY_BUILDER_TIMESTAMP`, `POLY_BUILDER_SIGNATURE` = the CLOB's L2
 * HMAC over timestamp + method + path + body). Without either, nothing is signed (Config).
 * The submit is sent once; a lost answer is "unknown" (never re-sent), as is a batch the relayer
 * has not settled within PMT_CHAIN_RECEIPT_TIMEOUT_MS.
 */
import { PmtError } from '../../../errors.js';
import { HttpClient, sleep, upstreamMessage, type RequestContext, type Signer, type UpstreamResponse } from '../../http.js';
import type { ChainCall, ChainSent } from '../../onchain.js';
import { l2Signature } from '../auth.js';
import type { Hex } from '../wallet.js';
import { DEFAULT_RELAYER_URL, DEPOSIT_BATCH_TTL_S, DEPOSIT_WALLET_DOMAIN, DEPOSIT_WALLET_FACTORY, DEPOSIT_WALLET_TYPES, POLYGON_CHAIN_ID, RECEIPT_TIMEOUT_ENV, RELAYER_URL_ENV } from './contracts.js';
import type { Ctx } from './ctx.js';

const FIX =
  'set POLYMARKET_RELAYER_API_KEY (a Relayer API key from polymarket.com Settings → API Keys; POLYMARKET_RELAYER_API_KEY_ADDRESS if it is not the signer\'s) or POLYMARKET_BUILDER_API_KEY, POLYMARKET_BUILDER_SECRET and POLYMARKET_BUILDER_PASSPHRASE (Builder API credentials), or store them: `pmt profile add <name> --polymarket-relayer-api-key-stdin < keyfile`';

/** The relayer's authentication headers for one request, or Config naming what is missing. */
export function relayerSigner(x: Ctx): Signer {
  const { relayerApiKey, relayerApiKeyAddress, builderApiKey, builderSecret, builderPassphrase } = x.creds;
  if (relayerApiKey) {
    const address = relayerApiKeyAddress?.value.trim() || x.account.address;
    return () => ({ RELAYER_API_KEY: relayerApiKey.value.trim(), RELAYER_API_KEY_ADDRESS: address });
  }
  const builder = [builderApiKey, builderSecret, builderPassphrase];
  if (builder.every(Boolean)) {
    return ({ method, signPath, body }) => {
      const ts = String(Math.floor(x.c.cfg.now() / 1000));
      return {
        POLY_BUILDER_API_KEY: builderApiKey!.value.trim(),
        POLY_BUILDER_PASSPHRASE: builderPassphrase!.value.trim(),
        POLY_BUILDER_TIMESTAMP: ts,
        POLY_BUILDER_SIGNATURE: l2Signature(builderSecret!.value.trim(), ts, method, signPath, body),
      };
    };
  }
  const names = ['POLYMARKET_BUILDER_API_KEY', 'POLYMARKET_BUILDER_SECRET', 'POLYMARKET_BUILDER_PASSPHRASE'];
  const missing = builder.some(Boolean) ? `the Builder API credentials are incomplete (missing ${names.filter((_, i) => !builder[i]).join(', ')})` : 'no relayer credentials are configured (POLYMARKET_RELAYER_API_KEY, or POLYMARKET_BUILDER_API_KEY/SECRET/PASSPHRASE)';
  throw new PmtError('Config', `a Polymarket deposit wallet (poly-1271, ${x.holder}) moves only through Polymarket's relayer, and ${missing}; nothing was signed`, { hint: FIX });
}

function mapRelayerError(res: UpstreamResponse, ctx: RequestContext): PmtError {
  const kind = res.status === 401 || res.status === 403 ? 'Authentication' : res.status === 429 ? 'RateLimited' : 'Api';
  return new PmtError(kind, `Polymarket relayer ${ctx.method} ${ctx.path} failed (HTTP ${res.status}): ${upstreamMessage(res.body)}`, { status: res.status, ...(kind === 'Authentication' ? { hint: FIX } : {}) });
}

const clients = new WeakMap<Ctx, HttpClient>();
function relayer(x: Ctx): HttpClient {
  let h = clients.get(x);
  if (!h) {
    const base = (x.c.cfg.env[RELAYER_URL_ENV] ?? '').trim() || DEFAULT_RELAYER_URL;
    h = new HttpClient({ exchange: 'polymarket', label: 'Polymarket relayer', baseUrl: base, mapError: mapRelayerError, log: x.c.cfg.log, signs: true });
    clients.set(x, h);
  }
  return h;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Whether the relayer knows the deposit wallet as deployed (`GET /deployed?type=WALLET`); null when it cannot say. */
export async function relayerDeployed(x: Ctx): Promise<boolean | null> {
  const body = obj(await relayer(x).get('/deployed', { query: { address: x.holder, type: 'WALLET' }, signer: relayerSigner(x) }));
  return typeof body.deployed === 'boolean' ? body.deployed : null;
}

/**
 * Send one call from the deposit wallet through the relayer, once. `onSent` runs as soon as the
 * relayer has the batch (its transaction id, and the hash when it gives one).
 */
export async function sendViaRelayer(x: Ctx, call: ChainCall, onSent: (hash: string | null, relayId: string) => void): Promise<ChainSent> {
  const signer = relayerSigner(x);
  const http = relayer(x);
  const from = x.account.address;
  const params = obj(await http.get('/v1/account/transactions/params', { query: { address: from, type: 'WALLET' }, signer }));
  const nonce = str(params.nonce) ?? (typeof params.nonce === 'number' ? String(params.nonce) : null);
  if (nonce === null || !/^\d+$/.test(nonce)) throw new PmtError('Api', 'Polymarket relayer answered GET /v1/account/transactions/params without a nonce; nothing was signed');
  const deadline = String(Math.floor(x.c.cfg.now() / 1000) + DEPOSIT_BATCH_TTL_S);
  const calls = [{ target: call.to as Hex, value: '0', data: call.data as Hex }];
  const signature = await x.account.signTypedData({
    domain: { ...DEPOSIT_WALLET_DOMAIN, chainId: POLYGON_CHAIN_ID, verifyingContract: x.holder },
    types: DEPOSIT_WALLET_TYPES,
    primaryType: 'Batch',
    message: { wallet: x.holder, nonce: BigInt(nonce), deadline: BigInt(deadline), calls: calls.map((c) => ({ ...c, value: 0n })) },
  });
  const request = { type: 'WALLET', from, to: DEPOSIT_WALLET_FACTORY, nonce, signature, depositWalletParams: { depositWallet: x.holder, deadline, calls }, metadata: call.what.slice(0, 500) };
  let sent: Record<string, unknown>;
  try {
    sent = obj(await http.post('/submit', { json: request, signer }));
  } catch (e) {
    if (e instanceof PmtError && e.ambiguous) {
      throw new PmtError('NetworkError', `"${call.what}" was submitted to Polymarket's relayer, but its answer was lost: its outcome is unknown; it was not sent again`, {
        ambiguous: true,
        hint: `check the wallet ${x.holder} on https://polygonscan.com/address/${x.holder} before sending again (the signed batch expires at ${new Date(Number(deadline) * 1000).toISOString()})`,
      });
    }
    throw e;
  }
  const id = str(sent.transactionID) ?? str(sent.transactionId);
  if (!id) throw new PmtError('NetworkError', `Polymarket relayer accepted "${call.what}" without a transaction id: its outcome is unknown; it was not sent again`, { ambiguous: true, hint: `check the wallet ${x.holder} on polygonscan before sending again` });
  let hash = str(sent.transactionHash);
  onSent(hash, id);
  const started = Date.now();
  const every = Math.max(50, Math.min(2000, Math.floor(x.receiptTimeoutMs / 10)));
  for (;;) {
    const t = obj(await http.get(`/v1/account/transactions/${encodeURIComponent(id)}`, { signer }).catch(() => ({})));
    hash = str(t.transaction_hash) ?? str(t.transactionHash) ?? hash;
    const state = str(t.state);
    if (state === 'STATE_CONFIRMED' || state === 'STATE_MINED') {
      if (!hash) throw new PmtError('Api', `Polymarket relayer reported ${id} as ${state} without a transaction hash`);
      const r = await x.pub.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
      // The relayer's word, checked on chain when the RPC has the receipt.
      return { call, hash, status: r && r.status !== 'success' ? 'reverted' : 'confirmed', block: r ? r.blockNumber.toString() : null, relay_id: id };
    }
    if (state === 'STATE_FAILED' || state === 'STATE_INVALID') {
      if (hash) return { call, hash, status: 'reverted', block: null, relay_id: id };
      throw new PmtError('Api', `Polymarket relayer refused "${call.what}" (${state}${str(t.error_msg) ? `: ${str(t.error_msg)}` : ''}); nothing was executed`, { hint: 'run `pmt doctor` to see what the wallet is missing' });
    }
    if (Date.now() - started >= x.receiptTimeoutMs) {
      throw new PmtError('NetworkError', `"${call.what}" was submitted to Polymarket's relayer (transaction ${id}${hash ? `, hash ${hash}` : ''}), but it did not settle within ${x.receiptTimeoutMs} ms: its outcome is unknown; it was not sent again`, {
        ambiguous: true,
        hint: `look it up (${hash ? `https://polygonscan.com/tx/${hash}` : `relayer transaction ${id}`}) before sending again; ${RECEIPT_TIMEOUT_ENV} sets the wait`,
      });
    }
    await sleep(every);
  }
}
