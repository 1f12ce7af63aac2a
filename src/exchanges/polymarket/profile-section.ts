/**
 * `profile add`'s Polymarket section: the signer key, then the wallet type and the funder, which
 * decide each other (a funder means a polymarket.com wallet; eoa means the key's own address holds
 * the funds), then CLOB API credentials (stored only as a key, secret and passphrase together;
 * else derived from the private key when needed), then the on-chain settings (the Polygon RPC,
 * the relayer's credentials). On a terminal what is missing is asked (the key without echo); off
 * one a missing value is a usage error naming the flag.
 */
import { usageError } from '../../errors.js';
import { tokenProblem, urlProblem } from '../credential-checks.js';
import type { CredentialPrompter, ProfileSection, SectionInput } from '../credential-spec.js';
import { parseSignatureType, type SignatureType } from './credentials.js';
import { addressProblem, normalizePolymarketKey, polymarketKeyProblem, signerAddress } from './keys.js';

function check(problem: string | null): void {
  if (problem) throw usageError(problem);
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function askKey(pr: CredentialPrompter): Promise<string> {
  return pr.password({ message: 'Polymarket signer private key (hex; not echoed)', validate: (v) => polymarketKeyProblem('the key', v) ?? true });
}

function askSignatureType(pr: CredentialPrompter, current: SignatureType | undefined): Promise<SignatureType> {
  return pr.select<SignatureType>({
    message: 'Polymarket wallet type (how polymarket.com holds your funds)',
    default: current ?? 'gnosis-safe',
    choices: [
      { name: 'gnosis-safe: browser wallet (MetaMask, Rabby, Coinbase) signed in on polymarket.com', value: 'gnosis-safe' },
      { name: 'proxy: email / Magic login on polymarket.com', value: 'proxy' },
      { name: 'eoa: the key itself holds the funds (no polymarket.com proxy wallet)', value: 'eoa' },
      { name: 'poly-1271: a smart-contract deposit wallet that the key controls (EIP-1271)', value: 'poly-1271' },
    ],
  });
}

/** The proxy/Safe address: polymarket.com shows it under the profile picture (deposit address). */
async function askFunder(pr: CredentialPrompter): Promise<string> {
  const v = await pr.input({
    message: 'Funder address (the polymarket.com wallet that holds your USDC, 0x…)',
    validate: async (a) => (await addressProblem('the address', a)) ?? true,
  });
  return v.trim();
}

async function askApiCredentials(pr: CredentialPrompter): Promise<{ key: string; secret: string; passphrase: string } | null> {
  const have = await pr.confirm({ message: 'Store Polymarket CLOB API credentials too? (No: they are derived from the private key when needed)', default: false });
  if (!have) return null;
  const key = (await pr.input({ message: 'API key', validate: (v) => tokenProblem('API key', v) ?? true })).trim();
  const secret = await pr.password({ message: 'API secret (not echoed)', validate: (v) => tokenProblem('API secret', v) ?? true });
  const passphrase = await pr.password({ message: 'API passphrase (not echoed)', validate: (v) => tokenProblem('API passphrase', v) ?? true });
  return { key, secret: secret.trim(), passphrase: passphrase.trim() };
}

export async function polymarketSection(input: SectionInput): Promise<ProfileSection> {
  const { given, origin, prompter: pr, guided } = input;
  const p: ProfileSection = { ...input.stored };
  const o = {
    key: str(given.private_key),
    funder: str(given.funder),
    type: str(given.signature_type),
    apiKey: str(given.api_key),
    apiSecret: str(given.api_secret),
    apiPassphrase: str(given.api_passphrase),
  };
  if (o.key !== undefined) {
    check(polymarketKeyProblem(`the Polymarket key from ${origin.private_key ?? 'input'}`, o.key));
    p.private_key = normalizePolymarketKey(o.key);
  } else if (!p.private_key) {
    if (!pr) throw usageError('the Polymarket private key is required with the other Polymarket flags: pipe it in with --polymarket-private-key-stdin or set POLYMARKET_PRIVATE_KEY');
    p.private_key = normalizePolymarketKey(await askKey(pr));
  }
  const signer = await signerAddress(String(p.private_key));

  let type = str(p.signature_type) as SignatureType | undefined;
  if (o.type !== undefined) {
    const parsed = parseSignatureType(o.type);
    if (!parsed) throw usageError('--polymarket-signature-type must be one of eoa, proxy, gnosis-safe, poly-1271');
    type = parsed;
  }
  if (o.funder !== undefined) {
    check(await addressProblem('--polymarket-funder', o.funder));
    p.funder = o.funder.trim();
  }
  if (o.type === undefined && pr && (guided || !type)) type = await askSignatureType(pr, type);
  if (!type) {
    // No terminal: a funder means a polymarket.com wallet (almost always a browser-wallet Safe).
    type = p.funder ? 'gnosis-safe' : 'eoa';
    input.err(`note: Polymarket wallet type set to ${type} (${p.funder ? 'a funder was given' : 'no funder given'}); pass --polymarket-signature-type to choose`);
  }
  p.signature_type = type;
  const funder = str(p.funder);
  if (type === 'eoa') {
    if (funder && funder.toLowerCase() !== signer.toLowerCase()) {
      throw usageError(
        `--polymarket-funder ${funder} is not the key's own address ${signer}: with wallet type eoa the key's address holds the funds; for a polymarket.com wallet pass --polymarket-signature-type gnosis-safe (browser wallet) or proxy (email login)`,
      );
    }
    delete p.funder;
  } else if (!funder) {
    if (!pr) throw usageError(`--polymarket-funder is required with wallet type ${type}: the polymarket.com wallet address that holds your funds`);
    p.funder = await askFunder(pr);
  }
  if (typeof p.funder === 'string' && p.funder.toLowerCase() === signer.toLowerCase()) {
    throw usageError(`the funder ${p.funder} is the signer's own address: with wallet type ${type} the funder is the polymarket.com proxy/Safe wallet, not the key's address (use eoa if the key holds the funds)`);
  }

  if ([o.apiKey, o.apiSecret, o.apiPassphrase].some((v) => v !== undefined)) {
    if (o.apiKey === undefined) {
      throw usageError('the Polymarket API secret and passphrase go with --polymarket-api-key (or give none: they are derived from the private key)');
    }
    // A missing secret beside a given API key: asked without echo on a terminal.
    if (pr && o.apiSecret === undefined) o.apiSecret = await pr.password({ message: 'API secret (not echoed)', validate: (v) => tokenProblem('API secret', v) ?? true });
    if (pr && o.apiPassphrase === undefined) o.apiPassphrase = await pr.password({ message: 'API passphrase (not echoed)', validate: (v) => tokenProblem('API passphrase', v) ?? true });
    if (o.apiSecret === undefined || o.apiPassphrase === undefined) {
      throw usageError(
        '--polymarket-api-key needs the API secret and passphrase too: set POLYMARKET_API_SECRET and POLYMARKET_API_PASSPHRASE, or pipe one in with --polymarket-api-secret-stdin / --polymarket-api-passphrase-stdin (the other from the environment)',
      );
    }
    check(tokenProblem('--polymarket-api-key', o.apiKey));
    check(tokenProblem(`the API secret from ${origin.api_secret ?? 'input'}`, o.apiSecret));
    check(tokenProblem(`the API passphrase from ${origin.api_passphrase ?? 'input'}`, o.apiPassphrase));
    p.api_key = o.apiKey.trim();
    p.api_secret = o.apiSecret.trim();
    p.api_passphrase = o.apiPassphrase.trim();
  } else if (guided && !p.api_key) {
    const creds = await askApiCredentials(pr!);
    if (creds) Object.assign(p, { api_key: creds.key, api_secret: creds.secret, api_passphrase: creds.passphrase });
  }
  await chainSettings(input, p);
  return p;
}

/**
 * The on-chain settings: the Polygon RPC (not a secret) and the relayer's credentials (deposit
 * wallets): a Relayer API key (a secret: stdin or POLYMARKET_RELAYER_API_KEY) with its address,
 * or Builder API credentials (the key, and its secret and passphrase kept out of argv).
 */
async function chainSettings({ given, origin }: SectionInput, p: ProfileSection): Promise<void> {
  const rpc = str(given.polygon_rpc_url);
  if (rpc !== undefined) {
    check(urlProblem('--polygon-rpc-url', rpc));
    p.polygon_rpc_url = rpc.trim();
  }
  const relayerKey = str(given.relayer_api_key);
  if (relayerKey !== undefined) {
    check(tokenProblem(`the Relayer API key from ${origin.relayer_api_key ?? 'input'}`, relayerKey));
    p.relayer_api_key = relayerKey.trim();
  }
  const relayerAddress = str(given.relayer_api_key_address);
  if (relayerAddress !== undefined) {
    check(await addressProblem('--polymarket-relayer-api-key-address', relayerAddress));
    p.relayer_api_key_address = relayerAddress.trim();
  }
  const [key, secret, passphrase] = [str(given.builder_api_key), str(given.builder_secret), str(given.builder_passphrase)];
  if ([key, secret, passphrase].some((v) => v !== undefined)) {
    if (key === undefined || secret === undefined || passphrase === undefined) {
      throw usageError('Builder API credentials go together: --polymarket-builder-api-key KEY with the secret and passphrase (POLYMARKET_BUILDER_SECRET, POLYMARKET_BUILDER_PASSPHRASE, or one of them on stdin with --polymarket-builder-secret-stdin / --polymarket-builder-passphrase-stdin)');
    }
    check(tokenProblem('--polymarket-builder-api-key', key));
    check(tokenProblem(`the Builder API secret from ${origin.builder_secret ?? 'input'}`, secret));
    check(tokenProblem(`the Builder API passphrase from ${origin.builder_passphrase ?? 'input'}`, passphrase));
    p.builder_api_key = key.trim();
    p.builder_secret = secret.trim();
    p.builder_passphrase = passphrase.trim();
  }
}
