/**
 * Prompts of `pmt profile add`: which exchanges, then each missing value, validated as typed.
 * Secrets use a masked password prompt; the Kalshi key is asked for as a file path (the key stays
 * in its file) and really loaded before it is accepted.
 */
import type { SignatureType } from '../../credentials.js';
import type { ExchangeId } from '../../exchanges/types.js';
import type { Prompter } from '../../render/prompt.js';
import { addressProblem, checkKalshiKeyFile, polymarketKeyProblem, tokenProblem } from './fields.js';

export function askExchanges(pr: Prompter): Promise<ExchangeId[]> {
  return pr.checkbox<ExchangeId>({
    message: 'Which exchanges should this profile trade on? (space selects, enter confirms)',
    required: true,
    choices: [
      { name: 'Kalshi (API key id + RSA private key file)', value: 'kalshi' },
      { name: 'Polymarket (wallet private key, wallet type, funder address)', value: 'polymarket' },
    ],
  });
}

export function askKalshiKeyId(pr: Prompter): Promise<string> {
  return pr.input({ message: 'Kalshi API key id', validate: (v) => tokenProblem('key id', v) ?? true }).then((v) => v.trim());
}

/** The key file path, loaded as an RSA or Ed25519 key before it is accepted (re-asked until it loads). */
export async function askKalshiKeyPath(pr: Prompter): Promise<{ absolute: string; warning?: string; kind?: string }> {
  const path = await pr.input({
    message: 'Path to the Kalshi private key file (.pem)',
    validate: async (v) => (v.trim() ? ((await checkKalshiKeyFile('key file', v)).problem ?? true) : 'enter a file path'),
  });
  return checkKalshiKeyFile('key file', path);
}

export function askKalshiDemo(pr: Prompter, current: boolean): Promise<boolean> {
  return pr.confirm({ message: "Use Kalshi's demo environment (external-api.demo.kalshi.co)? Demo and production keys differ", default: current });
}

export function askPolymarketKey(pr: Prompter): Promise<string> {
  return pr.password({ message: 'Polymarket signer private key (hex; not echoed)', validate: (v) => polymarketKeyProblem('the key', v) ?? true });
}

export function askSignatureType(pr: Prompter, current: SignatureType | undefined): Promise<SignatureType> {
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
export async function askFunder(pr: Prompter): Promise<string> {
  const v = await pr.input({
    message: 'Funder address (the polymarket.com wallet that holds your USDC, 0x…)',
    validate: async (a) => (await addressProblem('the address', a)) ?? true,
  });
  return v.trim();
}

export async function askApiCredentials(pr: Prompter): Promise<{ key: string; secret: string; passphrase: string } | null> {
  const have = await pr.confirm({
    message: 'Store Polymarket CLOB API credentials too? (No: they are derived from the private key when needed)',
    default: false,
  });
  if (!have) return null;
  const key = (await pr.input({ message: 'API key', validate: (v) => tokenProblem('API key', v) ?? true })).trim();
  const secret = await pr.password({ message: 'API secret (not echoed)', validate: (v) => tokenProblem('API secret', v) ?? true });
  const passphrase = await pr.password({ message: 'API passphrase (not echoed)', validate: (v) => tokenProblem('API passphrase', v) ?? true });
  return { key, secret: secret.trim(), passphrase: passphrase.trim() };
}
