/**
 * Kalshi's credentials and settings, declared for the rest of pmt (exchanges/credential-spec.ts):
 * an API key id and the RSA or Ed25519 private key (a PEM file by path, or PEM text), and the
 * demo setting. `c.kalshi` and `c.kalshiDemo` are what the adapter reads.
 */
import type { Sourced } from '../config.js';
import type { CredentialField, CredentialSpec, ResolvedFields } from '../credential-spec.js';
import { maskSecret } from '../../secrets.js';
import { keyPair } from '../credential-checks.js';

export interface KalshiCredentials {
  apiKeyId: Sourced;
  /** PEM text, read from the file when given as a path. */
  privateKeyPem: Sourced;
  /** The path, when the key came from a file. */
  privateKeyPath?: string;
}

declare module '../config.js' {
  interface ResolvedCredentials {
    kalshi: KalshiCredentials | null;
    /** The profile (or `profile add --kalshi-demo`) asks for Kalshi's demo environment. */
    kalshiDemo: Sourced<boolean> | null;
  }
}

/** The variable that points the API elsewhere (`profile show` says the environment is custom). */
export const KALSHI_API_URL_ENV = 'PMT_KALSHI_API_URL';

const FIELDS = [
  {
    name: 'api_key_id',
    env: 'KALSHI_API_KEY_ID',
    flag: 'kalshi-api-key-id',
    arg: '<id>',
    help: 'Kalshi API key id',
    display: 'masked',
    required: { missing: 'an API key id (KALSHI_API_KEY_ID)' },
    add: { check: 'token', prompt: { message: 'Kalshi API key id', kind: 'input', label: 'key id' } },
  },
  {
    name: 'private_key',
    env: 'KALSHI_PRIVATE_KEY',
    flag: 'kalshi-private-key',
    arg: '<pem>',
    help: 'read the Kalshi private key (PEM text) from stdin (or set KALSHI_PRIVATE_KEY)',
    display: 'secret',
    what: 'the Kalshi private key (PEM text)',
    multiline: true,
    file: {
      name: 'private_key_path',
      env: 'KALSHI_PRIVATE_KEY_PATH',
      flag: 'kalshi-private-key-path',
      arg: '<file>',
      help: 'path to the Kalshi RSA private key (.pem); the key stays in its file',
      what: 'Kalshi private key',
    },
    required: { missing: 'a private key (KALSHI_PRIVATE_KEY_PATH)' },
    add: {
      check: 'key',
      fromEnv: true,
      noun: 'Kalshi key',
      prompt: { message: 'Path to the Kalshi private key file (.pem)', kind: 'path', label: 'key file' },
      missing: '--kalshi-private-key-path is required with --kalshi-api-key-id (the .pem file downloaded from Kalshi)',
    },
    show: { text: 'PEM text', invalid: 'not a valid RSA or Ed25519 key' },
  },
  {
    name: 'demo',
    flag: 'kalshi-demo',
    help: "use Kalshi's demo environment (default: production)",
    display: 'plain',
    setting: 'kalshiDemo',
    add: { guided: true, prompt: { message: "Use Kalshi's demo environment (external-api.demo.kalshi.co)? Demo and production keys differ", kind: 'confirm' } },
  },
] as const satisfies readonly CredentialField[];

type Summary = { api_key_id: string | null; private_key: 'file' | 'pem' | null; private_key_path: string | null; environment: 'production' | 'demo' };
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Everything of `manifest.credentials` but the checks, which load the signer (manifest.ts). */
export const kalshiCredentials = {
  key: 'kalshi',
  profileKey: 'kalshi',
  fields: FIELDS,
  build: (f: ResolvedFields): KalshiCredentials | null => {
    const k = keyPair(f);
    return k && { apiKeyId: k.id, privateKeyPem: k.key, ...(k.path !== undefined ? { privateKeyPath: k.path } : {}) };
  },
  fix: 'run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path FILE`, or set KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH',
  setup: 'set KALSHI_API_KEY_ID and KALSHI_PRIVATE_KEY_PATH, or run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path FILE`',
  configured: (c) => c.kalshi !== null,
  identity: (c) => c.kalshi?.apiKeyId,
  add: {
    choice: 'Kalshi (API key id + RSA private key file)',
    howToGive: '--kalshi-api-key-id with --kalshi-private-key-path',
    keyKindLine: (kind: string) => `Kalshi key: ${kind} (requests are signed with ${kind === 'RSA' ? 'RSA-PSS' : kind})`,
  },
  show: {
    listedWhenAbsent: true,
    summary: (k): Summary => ({
      api_key_id: maskSecret(str(k.api_key_id)),
      private_key: k.private_key_path ? 'file' : k.private_key ? 'pem' : null,
      private_key_path: str(k.private_key_path) ?? null,
      environment: k.demo ? 'demo' : 'production',
    }),
    label: (s) => `kalshi${s.environment === 'demo' ? ' (demo)' : ''}`,
    // KALSHI_ENVIRONMENT: a custom URL, else the profile's demo setting, else production.
    rows: async () => async (rows, c, env) => [
      ...rows,
      env[KALSHI_API_URL_ENV]
        ? { setting: 'KALSHI_ENVIRONMENT', value: 'custom URL', source: 'env', origin: KALSHI_API_URL_ENV }
        : c.kalshiDemo
          ? { setting: 'KALSHI_ENVIRONMENT', value: c.kalshiDemo.value ? 'demo' : 'production', source: c.kalshiDemo.source, origin: c.kalshiDemo.origin }
          : { setting: 'KALSHI_ENVIRONMENT', value: 'production', source: 'default', origin: 'default' },
    ],
    columns: [
      { header: 'KALSHI KEY ID', cell: (s) => (s?.api_key_id as string | null | undefined) ?? '-' },
      {
        header: 'KALSHI KEY',
        flex: true,
        cell: (s) => (s?.private_key === 'file' ? ((s.private_key_path as string | null) ?? '-') : s?.private_key === 'pem' ? 'PEM stored in profile' : '-'),
      },
    ],
  },
} satisfies Omit<CredentialSpec, 'problem' | 'checkKey'>;
