/**
 * Credential resolution, field by field (contract, "Configuration and credentials"): a flag; a
 * profile named with `--profile`; the environment; the active profile. A profile named
 * explicitly is never overridden by, nor filled in from, ambient environment variables: signing
 * with a wallet the user did not name is the worst possible surprise. Each value remembers its
 * source so `pmt profile show` can say where it came from. Values are read here and
 * handed to adapters; nothing in this module prints or logs them.
 */
import { readFileSync } from 'node:fs';
import { PmtError } from './errors.js';
import { registerSecret } from './secrets.js';
import type { Profile } from './profiles.js';

import type { KalshiCredentials, PolymarketCredentials, PolymarketUsCredentials, ResolvedCredentials, SignatureType, Sourced } from './exchanges/config.js';
import { MANIFESTS } from './exchanges/registry.js';

export type { KalshiCredentials, PolymarketCredentials, PolymarketUsCredentials, ResolvedCredentials, SignatureType, Source, Sourced } from './exchanges/config.js';

/** Flag values, named after their environment variables (`KALSHI_API_KEY_ID`, …). */
export type CredentialFlags = Partial<Record<string, string | boolean>>;

/** Every exchange's credential variables, in registry order. */
export const CREDENTIAL_ENV: readonly string[] = MANIFESTS.flatMap((m) => m.credentials.env);

/** Accepts the spellings traders use for Polymarket signature types. */
export function parseSignatureType(value: string): SignatureType | null {
  const v = value.trim().toLowerCase().replace(/[\s_]/g, '-');
  if (['eoa', '0'].includes(v)) return 'eoa';
  if (['proxy', 'poly-proxy', 'browser', 'email', 'magic', '1'].includes(v)) return 'proxy';
  if (['gnosis-safe', 'gnosis', 'gnosissafe', 'safe', 'poly-gnosis-safe', '2'].includes(v)) return 'gnosis-safe';
  // Smart-contract ("deposit") wallets that check signatures with EIP-1271.
  if (['poly-1271', '1271', 'deposit-wallet', 'smart-contract', '3'].includes(v)) return 'poly-1271';
  return null;
}

export function resolveCredentials(opts: {
  env: NodeJS.ProcessEnv;
  profile: Profile | undefined;
  profileName: string | null;
  flags?: CredentialFlags;
  /** The profile was named with `--profile`: the environment's credentials are not read. */
  namedProfile?: boolean;
}): ResolvedCredentials {
  const { profile, profileName } = opts;
  const env: NodeJS.ProcessEnv = opts.namedProfile && profile ? withoutCredentialEnv(opts.env) : opts.env;
  const flags = opts.flags ?? {};
  const pOrigin = `profile ${profileName ?? ''}`.trim();

  const pick = (envName: string, profileValue: string | undefined): Sourced | undefined => {
    const f = flags[envName];
    if (typeof f === 'string' && f !== '') return { value: f, source: 'flag', origin: '--' + envName.toLowerCase().replace(/_/g, '-') };
    const e = env[envName];
    if (e !== undefined && e !== '') return { value: e, source: 'env', origin: envName };
    if (profileValue !== undefined && profileValue !== '') return { value: profileValue, source: 'profile', origin: pOrigin };
    return undefined;
  };

  // Kalshi: the key id, and the key as a file path or PEM text (a path wins within one source level).
  const k = profile?.kalshi;
  const apiKeyId = pick('KALSHI_API_KEY_ID', k?.api_key_id);
  const keyPath = pick('KALSHI_PRIVATE_KEY_PATH', k?.private_key_path);
  const keyText = pick('KALSHI_PRIVATE_KEY', k?.private_key);
  const rank = (s?: Sourced) => (s ? { flag: 0, env: 1, profile: 2 }[s.source] : 9);
  const keySrc = rank(keyPath) <= rank(keyText) ? keyPath : keyText;
  let kalshi: KalshiCredentials | null = null;
  if (apiKeyId && keySrc) {
    if (keySrc === keyPath) {
      kalshi = { apiKeyId, privateKeyPem: { ...keySrc, value: readPem(keySrc.value, keySrc.origin) }, privateKeyPath: keySrc.value };
    } else {
      kalshi = { apiKeyId, privateKeyPem: keySrc };
    }
  } else if (apiKeyId || keySrc) {
    const missing = apiKeyId ? 'a private key (KALSHI_PRIVATE_KEY_PATH)' : 'an API key id (KALSHI_API_KEY_ID)';
    throw new PmtError('Config', `Kalshi credentials are incomplete: ${missing} is missing`, {
      hint: 'run `pmt profile add <name> --kalshi-api-key-id ID --kalshi-private-key-path FILE`',
    });
  }
  const demoFlag = flags.KALSHI_DEMO;
  const kalshiDemo: Sourced<boolean> | null =
    typeof demoFlag === 'boolean'
      ? { value: demoFlag, source: 'flag', origin: '--kalshi-demo' }
      : k?.demo !== undefined
        ? { value: k.demo, source: 'profile', origin: pOrigin }
        : null;

  // Polymarket.
  const p = profile?.polymarket;
  const privateKey = pick('POLYMARKET_PRIVATE_KEY', p?.private_key);
  const funder = pick('POLYMARKET_FUNDER', p?.funder);
  const sigRaw = pick('POLYMARKET_SIGNATURE_TYPE', p?.signature_type);
  let polymarket: PolymarketCredentials | null = null;
  if (privateKey) {
    let signatureType: Sourced<SignatureType>;
    if (sigRaw) {
      const parsed = parseSignatureType(sigRaw.value);
      if (!parsed) {
        throw new PmtError('Config', `${sigRaw.origin}: signature type "${sigRaw.value}" is not one of eoa, proxy, gnosis-safe, poly-1271`);
      }
      signatureType = { ...sigRaw, value: parsed };
    } else {
      // A funder without an explicit type is almost always a browser-wallet Safe.
      signatureType = funder
        ? { value: 'gnosis-safe', source: funder.source, origin: `${funder.origin} (funder set)` }
        : { value: 'eoa', source: privateKey.source, origin: `${privateKey.origin} (no funder)` };
    }
    polymarket = {
      privateKey,
      funder,
      signatureType,
      apiKey: pick('POLYMARKET_API_KEY', p?.api_key),
      apiSecret: pick('POLYMARKET_API_SECRET', p?.api_secret),
      apiPassphrase: pick('POLYMARKET_API_PASSPHRASE', p?.api_passphrase),
      // Not a credential: a profile named with --profile wins over the environment, which wins
      // over the active profile (the contract's precedence); a named profile without one takes the environment's.
      rpcUrl: opts.namedProfile && p?.polygon_rpc_url ? { value: p.polygon_rpc_url, source: 'profile', origin: pOrigin } : pick('PMT_POLYGON_RPC_URL', p?.polygon_rpc_url),
      relayerApiKey: pick('POLYMARKET_RELAYER_API_KEY', p?.relayer_api_key),
      relayerApiKeyAddress: pick('POLYMARKET_RELAYER_API_KEY_ADDRESS', p?.relayer_api_key_address),
      builderApiKey: pick('POLYMARKET_BUILDER_API_KEY', p?.builder_api_key),
      builderSecret: pick('POLYMARKET_BUILDER_SECRET', p?.builder_secret),
      builderPassphrase: pick('POLYMARKET_BUILDER_PASSPHRASE', p?.builder_passphrase),
    };
  }
  // Polymarket US: the key id, and the Ed25519 secret as a file path or base64 text (a path wins within one source level).
  const u = profile?.polymarket_us;
  const usKeyId = pick('POLYMARKET_US_API_KEY_ID', u?.api_key_id);
  const usPath = pick('POLYMARKET_US_PRIVATE_KEY_PATH', u?.private_key_path);
  const usText = pick('POLYMARKET_US_PRIVATE_KEY', u?.private_key);
  const usSrc = rank(usPath) <= rank(usText) ? usPath : usText;
  let polymarketUs: PolymarketUsCredentials | null = null;
  if (usKeyId && usSrc) {
    polymarketUs =
      usSrc === usPath
        ? { apiKeyId: usKeyId, secretKey: { ...usSrc, value: readKeyFile(usSrc.value, usSrc.origin, 'Polymarket US secret key', '--polymarket-us-private-key-path') }, privateKeyPath: usSrc.value }
        : { apiKeyId: usKeyId, secretKey: usSrc };
  } else if (usKeyId || usSrc) {
    const missing = usKeyId ? 'a secret key (POLYMARKET_US_PRIVATE_KEY_PATH)' : 'an API key id (POLYMARKET_US_API_KEY_ID)';
    throw new PmtError('Config', `Polymarket US credentials are incomplete: ${missing} is missing`, {
      hint: 'run `pmt profile add <name> --polymarket-us-api-key-id ID --polymarket-us-private-key-path FILE`',
    });
  }
  // Whatever prints later (errors, --verbose, crash reports) scrubs these values.
  for (const secret of [kalshi?.privateKeyPem.value, polymarket?.privateKey.value, polymarket?.apiSecret?.value, polymarket?.apiPassphrase?.value, polymarket?.relayerApiKey?.value, polymarket?.builderSecret?.value, polymarket?.builderPassphrase?.value, polymarketUs?.secretKey.value.trim()]) {
    registerSecret(secret);
  }
  return { profileName, kalshi, polymarket, kalshiDemo, polymarketUs };
}

/** The environment without the credential variables (URLs and other settings stay). */
function withoutCredentialEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of CREDENTIAL_ENV) delete out[name];
  return out;
}

function readPem(path: string, origin: string): string {
  return readKeyFile(path, origin, 'Kalshi private key', '--kalshi-private-key-path');
}

function readKeyFile(path: string, origin: string, what: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PmtError('Config', `cannot read the ${what} file named by ${origin}${code ? ` (${code})` : ''}`, {
      hint: `check the path, or run \`pmt profile add <name> ${flag} FILE\``,
    });
  }
}
