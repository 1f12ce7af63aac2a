/**
 * Polymarket US's credentials, declared for the rest of pmt (exchanges/credential-spec.ts): the
 * API key id and its Ed25519 secret (base64 text as the venue's portal issues it, seed or seed +
 * public key), from a file by path or as text. `c.polymarketUs` is what the adapter reads.
 */
import type { Sourced } from '../config.js';
import { keyPair } from '../credential-checks.js';
import type { CredentialField, CredentialSpec, ResolvedFields } from '../credential-spec.js';

export interface PolymarketUsCredentials {
  apiKeyId: Sourced;
  /** The base64 secret, read from the file when given as a path. */
  secretKey: Sourced;
  /** The path, when the secret came from a file. */
  privateKeyPath?: string;
}

declare module '../config.js' {
  interface ResolvedCredentials {
    /** Optional: a resolution that predates the third exchange still types (absent is none). */
    polymarketUs?: PolymarketUsCredentials | null;
  }
}

const FIELDS = [
  {
    name: 'api_key_id',
    env: 'POLYMARKET_US_API_KEY_ID',
    flag: 'polymarket-us-api-key-id',
    arg: '<id>',
    help: 'Polymarket US API key id',
    display: 'masked',
    required: { missing: 'an API key id (POLYMARKET_US_API_KEY_ID)' },
    add: { check: 'token', fromEnv: true, prompt: { message: 'Polymarket US API key id', kind: 'input', label: 'key id' } },
  },
  {
    name: 'private_key',
    env: 'POLYMARKET_US_PRIVATE_KEY',
    flag: 'polymarket-us-private-key',
    arg: '<base64>',
    help: 'read the Polymarket US secret key (base64) from stdin (or set POLYMARKET_US_PRIVATE_KEY)',
    display: 'secret',
    what: 'the Polymarket US secret key (base64)',
    file: {
      name: 'private_key_path',
      env: 'POLYMARKET_US_PRIVATE_KEY_PATH',
      flag: 'polymarket-us-private-key-path',
      arg: '<file>',
      help: 'path to the file holding the Polymarket US secret key (base64 Ed25519); the key stays in its file',
      what: 'Polymarket US secret key',
      fromEnv: true,
    },
    required: { missing: 'a secret key (POLYMARKET_US_PRIVATE_KEY_PATH)' },
    add: {
      check: 'key',
      fromEnv: true,
      noun: 'Polymarket US key',
      prompt: { message: 'Polymarket US secret key (base64, not echoed)', kind: 'password', label: 'secret key' },
      missing: 'the Polymarket US secret key is required with --polymarket-us-api-key-id: --polymarket-us-private-key-path FILE, --polymarket-us-private-key-stdin, or POLYMARKET_US_PRIVATE_KEY',
    },
    show: { text: 'base64', stored: 'base64', invalid: 'not a valid Ed25519 secret' },
  },
] as const satisfies readonly CredentialField[];

/** Everything of `manifest.credentials` but the key checks, which load the signer (manifest.ts). */
export const polymarketUsCredentials = {
  key: 'polymarketUs',
  profileKey: 'polymarket_us',
  fields: FIELDS,
  build: (f: ResolvedFields): PolymarketUsCredentials | null => {
    const k = keyPair(f);
    return k && { apiKeyId: k.id, secretKey: k.key, ...(k.path !== undefined ? { privateKeyPath: k.path } : {}) };
  },
  fix: 'run `pmt profile add <name> --polymarket-us-api-key-id ID --polymarket-us-private-key-path key.txt`, or set POLYMARKET_US_API_KEY_ID and POLYMARKET_US_PRIVATE_KEY_PATH',
  setup: 'set POLYMARKET_US_API_KEY_ID and POLYMARKET_US_PRIVATE_KEY_PATH (the base64 Ed25519 key from polymarket.us/developer), or run `pmt profile add <name>`',
  configured: (c) => (c.polymarketUs ?? null) !== null,
  identity: (c) => c.polymarketUs?.apiKeyId,
  add: {
    choice: 'Polymarket US (API key id + Ed25519 secret key)',
    howToGive: '--polymarket-us-api-key-id with --polymarket-us-private-key-path',
  },
  show: { listedWhenAbsent: false },
} satisfies Omit<CredentialSpec, 'problem' | 'checkKey'>;
