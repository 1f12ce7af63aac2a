/**
 * Profiles as metadata that holds no secret (the JSON of `profile list/show`, shapes documented
 * in render/views/profiles.ts), and the settings `profile show` reports with where each value
 * comes from right now (flag > env > profile, from `resolveCredentials`'s origins).
 */
import type { ResolvedCredentials, Sourced } from '../../credentials.js';
import { maskSecret, type Profile } from '../../profiles.js';
import type { ProfileSummary, Setting } from '../../render/views/profiles.js';
import { EXCHANGE_IDS, manifestOf } from '../../exchanges/registry.js';
import { shownUrl } from '../../safe-text.js';
import { kalshiPemProblem, polymarketUsKeyProblem, signerAddress } from './fields.js';

export function profileSummary(name: string, p: Profile, active: boolean): ProfileSummary {
  const k = p.kalshi;
  const m = p.polymarket;
  const u = p.polymarket_us;
  return {
    name,
    active,
    kalshi: k
      ? {
          api_key_id: maskSecret(k.api_key_id),
          private_key: k.private_key_path ? 'file' : k.private_key ? 'pem' : null,
          private_key_path: k.private_key_path ?? null,
          environment: k.demo ? 'demo' : 'production',
        }
      : null,
    polymarket: m
      ? {
          private_key_set: Boolean(m.private_key),
          signature_type: m.signature_type ?? null,
          funder: m.funder ?? null,
          api_credentials: m.api_key && m.api_secret && m.api_passphrase ? 'stored' : 'derived',
          // On-chain settings, shown only when stored (a profile without them reads as before).
          ...(m.polygon_rpc_url ? { polygon_rpc_url: m.polygon_rpc_url } : {}),
          ...(m.relayer_api_key ? { relayer: 'relayer api key' as const } : m.builder_api_key ? { relayer: 'builder api key' as const } : {}),
        }
      : null,
    ...(u
      ? {
          polymarket_us: {
            api_key_id: maskSecret(u.api_key_id),
            private_key: u.private_key_path ? 'file' : u.private_key ? 'base64' : null,
            private_key_path: u.private_key_path ?? null,
          },
        }
      : {}),
  };
}

const EMPTY = (setting: string, note: string | null = null): Setting => ({ setting, value: note, source: null, origin: null });

function from(setting: string, s: Sourced<unknown> | undefined | null, value: (v: unknown) => string | null): Setting {
  return s ? { setting, value: value(s.value), source: s.source, origin: s.origin } : EMPTY(setting);
}

/** Every setting with its masked value and source; secrets appear only as "set". */
export async function settingsOf(c: ResolvedCredentials, env: NodeJS.ProcessEnv): Promise<Setting[]> {
  const out: Setting[] = [];
  const k = c.kalshi;
  out.push(from('KALSHI_API_KEY_ID', k?.apiKeyId, (v) => maskSecret(String(v))));
  if (k?.privateKeyPath) {
    const bad = await kalshiPemProblem('key', k.privateKeyPem.value);
    out.push({ ...from('KALSHI_PRIVATE_KEY_PATH', k.privateKeyPem, () => k.privateKeyPath!), value: k.privateKeyPath + (bad ? '  ✗ not a valid RSA or Ed25519 key' : '') });
  } else if (k) {
    const bad = await kalshiPemProblem('key', k.privateKeyPem.value);
    out.push(from('KALSHI_PRIVATE_KEY', k.privateKeyPem, () => (bad ? 'set  ✗ not a valid RSA or Ed25519 key' : 'set (PEM text)')));
  } else out.push(EMPTY('KALSHI_PRIVATE_KEY_PATH'));
  if (env.PMT_KALSHI_API_URL) out.push({ setting: 'KALSHI_ENVIRONMENT', value: 'custom URL', source: 'env', origin: 'PMT_KALSHI_API_URL' });
  else if (c.kalshiDemo) out.push(from('KALSHI_ENVIRONMENT', c.kalshiDemo, (v) => (v ? 'demo' : 'production')));
  else out.push({ setting: 'KALSHI_ENVIRONMENT', value: 'production', source: 'default', origin: 'default' });

  const p = c.polymarket;
  out.push(from('POLYMARKET_PRIVATE_KEY', p?.privateKey, () => 'set'));
  if (p) {
    let signer: string;
    try {
      signer = await signerAddress(p.privateKey.value);
    } catch {
      signer = '✗ not a valid private key';
    }
    out.push({ setting: 'POLYMARKET_SIGNER', value: signer, source: 'derived', origin: `derived from ${p.privateKey.origin}` });
  }
  out.push(from('POLYMARKET_SIGNATURE_TYPE', p?.signatureType, (v) => String(v)));
  out.push(from('POLYMARKET_FUNDER', p?.funder, (v) => String(v)));
  out.push(from('POLYMARKET_API_KEY', p?.apiKey, (v) => maskSecret(String(v))));
  out.push(from('POLYMARKET_API_SECRET', p?.apiSecret, () => 'set'));
  out.push(from('POLYMARKET_API_PASSPHRASE', p?.apiPassphrase, () => 'set'));
  if (p && !p.apiKey) out[out.length - 3] = { setting: 'POLYMARKET_API_KEY', value: 'derived from the private key', source: 'derived', origin: 'derived when needed' };
  if (p) {
    const rpc = EXCHANGE_IDS.map((id) => manifestOf(id).chainRpc).find(Boolean);
    if (rpc) out.push(p.rpcUrl ? from(rpc.env, p.rpcUrl, (v) => shownUrl(String(v))) : { setting: rpc.env, value: rpc.default, source: 'default', origin: 'default' });
    // The relayer's credentials (deposit wallets), only when some are set.
    if (p.relayerApiKey) out.push(from('POLYMARKET_RELAYER_API_KEY', p.relayerApiKey, () => 'set'));
    if (p.relayerApiKeyAddress) out.push(from('POLYMARKET_RELAYER_API_KEY_ADDRESS', p.relayerApiKeyAddress, (v) => String(v)));
    if (p.builderApiKey) out.push(from('POLYMARKET_BUILDER_API_KEY', p.builderApiKey, (v) => maskSecret(String(v))));
    if (p.builderSecret) out.push(from('POLYMARKET_BUILDER_SECRET', p.builderSecret, () => 'set'));
    if (p.builderPassphrase) out.push(from('POLYMARKET_BUILDER_PASSPHRASE', p.builderPassphrase, () => 'set'));
  }
  const u = c.polymarketUs;
  if (u) {
    out.push(from('POLYMARKET_US_API_KEY_ID', u.apiKeyId, (v) => maskSecret(String(v))));
    const bad = await polymarketUsKeyProblem('key', u.secretKey.value);
    if (u.privateKeyPath) out.push({ ...from('POLYMARKET_US_PRIVATE_KEY_PATH', u.secretKey, () => u.privateKeyPath!), value: u.privateKeyPath + (bad ? '  ✗ not a valid Ed25519 secret' : '') });
    else out.push(from('POLYMARKET_US_PRIVATE_KEY', u.secretKey, () => (bad ? 'set  ✗ not a valid Ed25519 secret' : 'set (base64)')));
  }
  return out;
}
