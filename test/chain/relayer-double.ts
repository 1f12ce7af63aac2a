/**
 * A loopback double of Polymarket's relayer (relayer-v2.polymarket.com) for deposit wallets,
 * speaking what @polymarket/client 0.2.0 and @polymarket/builder-relayer-client 0.0.10 send:
 * `GET /v1/account/transactions/params`, `POST /submit` (a WALLET batch), `GET
 * /v1/account/transactions/<id>`, `GET /deployed`. It checks auth as the relayer does: a Relayer
 * API key (`RELAYER_API_KEY` + `RELAYER_API_KEY_ADDRESS`) or Builder API credentials (the HMAC
 * over timestamp + method + path + body under `POLY_BUILDER_*`), 401 otherwise; it checks the
 * batch's EIP-712 signature against `from` before relaying it through the stand-in factory on the
 * local chain (as the real relayer pays the gas, the deployer account sends it).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { recoverTypedDataAddress, type Hex } from 'viem';
import { ADDR, type Chain } from './chain.js';

export interface RelayerAuth {
  /** Relayer API keys and the address each belongs to. */
  relayerApiKeys?: Map<string, string>;
  builder?: { key: string; secret: string; passphrase: string };
}

export interface RelayerDouble {
  url: string;
  /** Every request: method, path and whether its auth was accepted. */
  requests: Array<{ method: string; path: string; authed: boolean; body: unknown }>;
  /** false: submitted batches are relayed but never reported settled (the "unknown" case). */
  settle: boolean;
  close(): Promise<void>;
}

const TYPES = {
  Call: [
    { name: 'target', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
  Batch: [
    { name: 'wallet', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'calls', type: 'Call[]' },
  ],
} as const;

function authOk(req: IncomingMessage, path: string, body: string, auth: RelayerAuth): boolean {
  const h = (n: string) => String(req.headers[n.toLowerCase()] ?? '');
  const owner = auth.relayerApiKeys?.get(h('RELAYER_API_KEY'));
  if (owner !== undefined) return h('RELAYER_API_KEY_ADDRESS').toLowerCase() === owner.toLowerCase();
  const b = auth.builder;
  if (!b || h('POLY_BUILDER_API_KEY') !== b.key || h('POLY_BUILDER_PASSPHRASE') !== b.passphrase) return false;
  const ts = h('POLY_BUILDER_TIMESTAMP');
  // A signature older than five minutes is refused (replay).
  if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const want = createHmac('sha256', Buffer.from(b.secret, 'base64'))
    .update(ts + (req.method ?? '') + path + body)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return h('POLY_BUILDER_SIGNATURE') === want;
}

export async function startRelayer(chain: Chain, auth: RelayerAuth): Promise<RelayerDouble> {
  const txs = new Map<string, { hash: Hex | null; state: string; error: string | null }>();
  let seq = 0;
  const d: RelayerDouble = { url: '', requests: [], settle: true, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const authed = authOk(req, u.pathname, body, auth);
      let parsed: unknown = null;
      try {
        parsed = body ? JSON.parse(body) : null;
      } catch {
        parsed = body;
      }
      d.requests.push({ method: req.method ?? '', path: u.pathname + u.search, authed, body: parsed });
      const send = (status: number, v: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(v));
      };
      if (!authed) return send(401, { error: 'invalid authorization' });
      try {
        if (req.method === 'GET' && u.pathname === '/v1/account/transactions/params') {
          if (u.searchParams.get('type') !== 'WALLET') return send(400, { error: 'type' });
          // The WALLET nonce is the deposit wallet's on-chain nonce (one wallet per owner here).
          const wallet = (await chain.pub.readContract({ address: ADDR.DEPOSIT_WALLET_FACTORY, abi: [{ type: 'function', name: 'walletOf', stateMutability: 'view', inputs: [{ name: 'o', type: 'address' }], outputs: [{ type: 'address' }] }], functionName: 'walletOf', args: [u.searchParams.get('address') as Hex] })) as Hex;
          return send(200, { address: ADDR.DEPOSIT_WALLET_FACTORY, nonce: String(await chain.depositWalletNonce(wallet)) });
        }
        if (req.method === 'GET' && u.pathname === '/deployed') {
          const code = await chain.pub.getCode({ address: u.searchParams.get('address') as Hex });
          return send(200, { deployed: !!code && code !== '0x' });
        }
        if (req.method === 'POST' && u.pathname === '/submit') {
          const r = parsed as { type: string; from: Hex; to: Hex; nonce: string; signature: Hex; depositWalletParams: { depositWallet: Hex; deadline: string; calls: Array<{ target: Hex; value: string; data: Hex }> } };
          if (r.type !== 'WALLET' || r.to.toLowerCase() !== ADDR.DEPOSIT_WALLET_FACTORY.toLowerCase()) return send(400, { error: 'not a WALLET batch to the deposit wallet factory' });
          const p = r.depositWalletParams;
          const signer = await recoverTypedDataAddress({
            domain: { name: 'DepositWallet', version: '1', chainId: 137, verifyingContract: p.depositWallet },
            types: TYPES,
            primaryType: 'Batch',
            message: { wallet: p.depositWallet, nonce: BigInt(r.nonce), deadline: BigInt(p.deadline), calls: p.calls.map((c) => ({ target: c.target, value: BigInt(c.value), data: c.data })) },
            signature: r.signature,
          });
          if (signer.toLowerCase() !== r.from.toLowerCase()) return send(400, { error: 'invalid signature' });
          const id = `relay-${++seq}`;
          const sent = await chain.relayBatch([p.depositWallet, p.calls.map((c) => ({ target: c.target, value: BigInt(c.value), data: c.data })), BigInt(r.nonce), BigInt(p.deadline), r.signature]);
          txs.set(id, { hash: sent.hash, state: d.settle ? (sent.status === 'success' ? 'STATE_CONFIRMED' : 'STATE_FAILED') : 'STATE_NEW', error: sent.status === 'success' ? null : 'execution reverted' });
          return send(200, { transactionID: id, transactionHash: sent.hash, state: 'STATE_NEW' });
        }
        const m = /^\/v1\/account\/transactions\/([^/]+)$/.exec(u.pathname);
        if (req.method === 'GET' && m) {
          const t = txs.get(m[1]!);
          if (!t) return send(404, { error: 'not found' });
          return send(200, { transaction_id: m[1], transaction_hash: t.hash ?? '', state: t.state, error_msg: t.error });
        }
        send(404, { error: `no route ${req.method} ${u.pathname}` });
      } catch (e) {
        send(500, { error: (e as Error).message.split('\n')[0] });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  d.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  d.close = () => new Promise<void>((r) => server.close(() => r()));
  return d;
}
