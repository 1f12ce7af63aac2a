/**
 * Polymarket's credentials, declared for the rest of pmt (exchanges/credential-spec.ts): the
 * signer's private key, the wallet type and the funder (the polymarket.com wallet holding the
 * funds), and optionally stored CLOB API credentials (else derived from the key). `c.polymarket`
 * is what the adapter reads. `profile add` asks for them in its own section (profile-section.ts:
 * the wallet type and the funder decide each other).
 */
import { PmtError } from '../../errors.js';
import { shownUrl } from '../../safe-text.js';
import { maskSecret } from '../../secrets.js';
import type { Sourced } from '../config.js';
import type { CredentialField, CredentialSetting, CredentialSpec, ResolvedFields } from '../credential-spec.js';

/** Polymarket wallet types; `poly-1271` is a smart-contract deposit wallet (EIP-1271). */
export type SignatureType = 'eoa' | 'proxy' | 'gnosis-safe' | 'poly-1271';
export const SIGNATURE_TYPES = ['eoa', 'proxy', 'gnosis-safe', 'poly-1271'] as const satisfies readonly SignatureType[];

export interface PolymarketCredentials {
  privateKey: Sourced;
  funder?: Sourced;
  signatureType: Sourced<SignatureType>;
  apiKey?: Sourced;
  apiSecret?: Sourced;
  apiPassphrase?: Sourced;
  /** The Polygon JSON-RPC for on-chain actions (`PMT_POLYGON_RPC_URL`, or the profile's `polygon_rpc_url`). */
  rpcUrl?: Sourced;
  /** Polymarket's relayer (deposit wallets): a Relayer API key and the address it belongs to… */
  relayerApiKey?: Sourced;
  relayerApiKeyAddress?: Sourced;
  /** …or Builder API credentials (HMAC-signed requests). */
  builderApiKey?: Sourced;
  builderSecret?: Sourced;
  builderPassphrase?: Sourced;
}

/** The chain on-chain actions use: its RPC's variable (a profile may set its own, `--polygon-rpc-url`) and the public default. */
export const POLYGON_RPC = { env: 'PMT_POLYGON_RPC_URL', default: 'https://polygon-rpc.com' } as const;

declare module '../config.js' {
  interface ResolvedCredentials {
    polymarket: PolymarketCredentials | null;
  }
}

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

const FIELDS = [
  {
    name: 'private_key',
    env: 'POLYMARKET_PRIVATE_KEY',
    flag: 'polymarket-private-key',
    arg: '<hex>',
    help: 'read the Polymarket signer private key from stdin (or set POLYMARKET_PRIVATE_KEY; on a terminal pmt asks)',
    display: 'secret',
    what: 'the Polymarket private key',
    required: { missing: 'a private key (POLYMARKET_PRIVATE_KEY)' },
    add: { fromEnv: true },
  },
  { name: 'funder', env: 'POLYMARKET_FUNDER', flag: 'polymarket-funder', arg: '<address>', help: 'Polymarket proxy / Safe wallet holding the funds', display: 'plain' },
  {
    name: 'signature_type',
    env: 'POLYMARKET_SIGNATURE_TYPE',
    flag: 'polymarket-signature-type',
    arg: '<type>',
    help: 'Polymarket wallet type (default: gnosis-safe when a funder is set, else eoa)',
    choices: SIGNATURE_TYPES,
    display: 'plain',
  },
  { name: 'api_key', env: 'POLYMARKET_API_KEY', flag: 'polymarket-api-key', arg: '<uuid>', help: 'Polymarket CLOB API key (else derived from the private key)', display: 'masked' },
  {
    name: 'api_secret',
    env: 'POLYMARKET_API_SECRET',
    flag: 'polymarket-api-secret',
    arg: '<secret>',
    help: 'read the Polymarket CLOB API secret from stdin (or set POLYMARKET_API_SECRET)',
    display: 'secret',
    what: 'the Polymarket API secret',
    add: { fromEnv: true, with: 'api_key' },
  },
  {
    name: 'api_passphrase',
    env: 'POLYMARKET_API_PASSPHRASE',
    flag: 'polymarket-api-passphrase',
    arg: '<passphrase>',
    help: 'read the Polymarket CLOB API passphrase from stdin (or set POLYMARKET_API_PASSPHRASE)',
    display: 'secret',
    what: 'the Polymarket API passphrase',
    add: { fromEnv: true, with: 'api_key' },
  },
  // On-chain settings (approvals, split/merge/redeem, doctor): the Polygon RPC, not a secret (its
  // path may hold a provider's key: shown as scheme and host), which a named profile takes from
  // the environment when it has none; and the relayer's credentials (deposit wallets only).
  {
    name: 'polygon_rpc_url',
    env: POLYGON_RPC.env,
    flag: 'polygon-rpc-url',
    arg: '<url>',
    help: 'Polygon JSON-RPC for on-chain actions (approvals, split, merge, redeem, doctor); default PMT_POLYGON_RPC_URL or a public RPC',
    display: 'plain',
    namedProfileTakesEnv: true,
  },
  {
    name: 'relayer_api_key',
    env: 'POLYMARKET_RELAYER_API_KEY',
    flag: 'polymarket-relayer-api-key',
    arg: '<key>',
    help: "read the Polymarket Relayer API key from stdin (or set POLYMARKET_RELAYER_API_KEY): deposit wallets move only through Polymarket's relayer",
    display: 'secret',
    what: 'the Polymarket Relayer API key',
    add: { fromEnv: true, with: 'relayer_api_key_address', unlessStored: true },
  },
  { name: 'relayer_api_key_address', env: 'POLYMARKET_RELAYER_API_KEY_ADDRESS', flag: 'polymarket-relayer-api-key-address', arg: '<address>', help: "the address the Relayer API key belongs to (default: the signer's)", display: 'plain' },
  { name: 'builder_api_key', env: 'POLYMARKET_BUILDER_API_KEY', flag: 'polymarket-builder-api-key', arg: '<key>', help: 'Polymarket Builder API key (the relayer, instead of a Relayer API key)', display: 'masked' },
  {
    name: 'builder_secret',
    env: 'POLYMARKET_BUILDER_SECRET',
    flag: 'polymarket-builder-secret',
    arg: '<secret>',
    help: 'read the Polymarket Builder API secret from stdin (or set POLYMARKET_BUILDER_SECRET)',
    display: 'secret',
    what: 'the Polymarket Builder API secret',
    add: { fromEnv: true, with: 'builder_api_key' },
  },
  {
    name: 'builder_passphrase',
    env: 'POLYMARKET_BUILDER_PASSPHRASE',
    flag: 'polymarket-builder-passphrase',
    arg: '<passphrase>',
    help: 'read the Polymarket Builder API passphrase from stdin (or set POLYMARKET_BUILDER_PASSPHRASE)',
    display: 'secret',
    what: 'the Polymarket Builder API passphrase',
    add: { fromEnv: true, with: 'builder_api_key' },
  },
] as const satisfies readonly CredentialField[];

/** The wallet type as given, else the one a funder implies (almost always a browser-wallet Safe), else eoa. */
function build(f: ResolvedFields): PolymarketCredentials | null {
  const s = (k: string) => f[k] as Sourced | undefined;
  const privateKey = s('private_key');
  if (!privateKey) return null;
  const funder = s('funder');
  const sigRaw = s('signature_type');
  let signatureType: Sourced<SignatureType>;
  if (sigRaw) {
    const parsed = parseSignatureType(sigRaw.value);
    if (!parsed) throw new PmtError('Config', `${sigRaw.origin}: signature type "${sigRaw.value}" is not one of eoa, proxy, gnosis-safe, poly-1271`);
    signatureType = { ...sigRaw, value: parsed };
  } else {
    signatureType = funder
      ? { value: 'gnosis-safe', source: funder.source, origin: `${funder.origin} (funder set)` }
      : { value: 'eoa', source: privateKey.source, origin: `${privateKey.origin} (no funder)` };
  }
  return {
    privateKey,
    funder,
    signatureType,
    apiKey: s('api_key'),
    apiSecret: s('api_secret'),
    apiPassphrase: s('api_passphrase'),
    rpcUrl: s('polygon_rpc_url'),
    relayerApiKey: s('relayer_api_key'),
    relayerApiKeyAddress: s('relayer_api_key_address'),
    builderApiKey: s('builder_api_key'),
    builderSecret: s('builder_secret'),
    builderPassphrase: s('builder_passphrase'),
  };
}

const row = (setting: string, v: Sourced<unknown> | undefined, value: (x: unknown) => string | null): CredentialSetting =>
  v ? { setting, value: value(v.value), source: v.source, origin: v.origin } : { setting, value: null, source: null, origin: null };

/** `profile show`'s Polymarket rows, from what resolved: the signer's address derived, API credentials derived when none are stored. */
async function rows(c: { polymarket: PolymarketCredentials | null }): Promise<CredentialSetting[]> {
  const p = c.polymarket;
  const out = [row('POLYMARKET_PRIVATE_KEY', p?.privateKey, () => 'set')];
  if (p) {
    const { signerAddress } = await import('./keys.js');
    const signer = await signerAddress(p.privateKey.value).catch(() => '✗ not a valid private key');
    out.push({ setting: 'POLYMARKET_SIGNER', value: signer, source: 'derived', origin: `derived from ${p.privateKey.origin}` });
  }
  out.push(row('POLYMARKET_SIGNATURE_TYPE', p?.signatureType, String), row('POLYMARKET_FUNDER', p?.funder, String));
  out.push(
    p && !p.apiKey
      ? { setting: 'POLYMARKET_API_KEY', value: 'derived from the private key', source: 'derived', origin: 'derived when needed' }
      : row('POLYMARKET_API_KEY', p?.apiKey, (v) => maskSecret(String(v))),
  );
  out.push(row('POLYMARKET_API_SECRET', p?.apiSecret, () => 'set'), row('POLYMARKET_API_PASSPHRASE', p?.apiPassphrase, () => 'set'));
  if (p) {
    out.push(p.rpcUrl ? row(POLYGON_RPC.env, p.rpcUrl, (v) => shownUrl(String(v))) : { setting: POLYGON_RPC.env, value: POLYGON_RPC.default, source: 'default', origin: 'default' });
    // The relayer's credentials (deposit wallets), only when some are set.
    if (p.relayerApiKey) out.push(row('POLYMARKET_RELAYER_API_KEY', p.relayerApiKey, () => 'set'));
    if (p.relayerApiKeyAddress) out.push(row('POLYMARKET_RELAYER_API_KEY_ADDRESS', p.relayerApiKeyAddress, String));
    if (p.builderApiKey) out.push(row('POLYMARKET_BUILDER_API_KEY', p.builderApiKey, (v) => maskSecret(String(v))));
    if (p.builderSecret) out.push(row('POLYMARKET_BUILDER_SECRET', p.builderSecret, () => 'set'));
    if (p.builderPassphrase) out.push(row('POLYMARKET_BUILDER_PASSPHRASE', p.builderPassphrase, () => 'set'));
  }
  return out;
}

/** Everything of `manifest.credentials` but the local checks (manifest.ts). */
export const polymarketCredentials = {
  key: 'polymarket',
  profileKey: 'polymarket',
  fields: FIELDS,
  build,
  fix: 'run `pmt profile add <name>` on a terminal (it asks for the key without echoing it), or set POLYMARKET_PRIVATE_KEY (and POLYMARKET_FUNDER for a proxy/Safe wallet)',
  setup: 'set POLYMARKET_PRIVATE_KEY (and POLYMARKET_FUNDER for a proxy wallet), or run `pmt profile add <name>`',
  configured: (c) => c.polymarket !== null,
  identity: (c) => c.polymarket?.privateKey,
  add: {
    choice: 'Polymarket (wallet private key, wallet type, funder address)',
    howToGive: 'the Polymarket key on stdin (--polymarket-private-key-stdin) or in POLYMARKET_PRIVATE_KEY',
    section: async () => (await import('./profile-section.js')).polymarketSection,
  },
  show: {
    listedWhenAbsent: true,
    summary: (m) => ({
      private_key_set: Boolean(m.private_key),
      signature_type: m.signature_type ?? null,
      funder: m.funder ?? null,
      api_credentials: m.api_key && m.api_secret && m.api_passphrase ? 'stored' : 'derived',
      // On-chain settings, shown only when stored (a profile without them reads as before).
      ...(m.polygon_rpc_url ? { polygon_rpc_url: m.polygon_rpc_url } : {}),
      ...(m.relayer_api_key ? { relayer: 'relayer api key' as const } : m.builder_api_key ? { relayer: 'builder api key' as const } : {}),
    }),
    label: (s) => `polymarket (${(s.signature_type as string | null) ?? 'eoa'})`,
    rows: async () => async (_rows, c) => rows(c),
    // Without a funder the funds sit at the signer's own address: shown (public), not a placeholder.
    columns: [
      {
        header: 'POLYMARKET FUNDS AT',
        id: true,
        cell: (s, signer) => (s?.funder as string | null | undefined) ?? (s ? (signer ?? (s.private_key_set ? "the key's own address" : 'no key set')) : '-'),
      },
    ],
    derive: async () => {
      const { signerAddress } = await import('./keys.js');
      return async (m, s) => (typeof m.private_key === 'string' && m.private_key && !s.funder ? signerAddress(m.private_key).catch(() => null) : null);
    },
  },
} satisfies Omit<CredentialSpec, 'problem'>;
