/**
 * `pmt profile add <name>`: every value as a flag named after its environment variable; on a
 * terminal, prompts for what is missing. Secrets never come from argv (secrets-input.ts): stdin,
 * the environment, or a hidden prompt. Values are validated before they are stored (the Kalshi
 * key really loaded, the Polymarket key's address derived). An existing profile is updated:
 * values given replace stored ones, the rest are kept. The first profile becomes the active one.
 */
import type { Context } from '../../context.js';
import { parseSignatureType, type SignatureType } from '../../credentials.js';
import { usageError } from '../../errors.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { PROFILE_NAME_RE, type KalshiProfile, type PolymarketProfile, type PolymarketUsProfile, type Profile } from '../../profiles.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { savedLines } from '../../render/views/profiles.js';
import { profileSummary } from './summary.js';
import * as ask from './ask.js';
import { envSecret, refuseSecretFlags, SECRETS, stdinSecret, type SecretSpec } from './secrets-input.js';
import { addressProblem, checkKalshiKeyFile, checkPolymarketUsKeyFile, kalshiPemCheck, normalizePolymarketKey, polymarketKeyProblem, polymarketUsKeyProblem, signerAddress, tokenProblem, urlProblem } from './fields.js';

export interface AddOpts {
  kalshiApiKeyId?: string;
  kalshiPrivateKeyPath?: string;
  kalshiPrivateKey?: string;
  kalshiDemo?: boolean;
  polymarketPrivateKey?: string;
  polymarketFunder?: string;
  polymarketSignatureType?: string;
  polymarketApiKey?: string;
  polymarketApiSecret?: string;
  polymarketApiPassphrase?: string;
  kalshiPrivateKeyStdin?: boolean;
  polymarketPrivateKeyStdin?: boolean;
  polymarketApiSecretStdin?: boolean;
  polymarketApiPassphraseStdin?: boolean;
  polymarketUsApiKeyId?: string;
  polymarketUsPrivateKeyPath?: string;
  polymarketUsPrivateKey?: string;
  polymarketUsPrivateKeyStdin?: boolean;
  polygonRpcUrl?: string;
  polymarketRelayerApiKey?: string;
  polymarketRelayerApiKeyStdin?: boolean;
  polymarketRelayerApiKeyAddress?: string;
  polymarketBuilderApiKey?: string;
  polymarketBuilderSecret?: string;
  polymarketBuilderSecretStdin?: boolean;
  polymarketBuilderPassphrase?: string;
  polymarketBuilderPassphraseStdin?: boolean;
}

const KALSHI_KEYS = ['kalshiApiKeyId', 'kalshiPrivateKeyPath', 'kalshiPrivateKey', 'kalshiDemo'] as const;
const POLY_KEYS = [
  'polymarketPrivateKey',
  'polymarketFunder',
  'polymarketSignatureType',
  'polymarketApiKey',
  'polymarketApiSecret',
  'polymarketApiPassphrase',
  'polygonRpcUrl',
  'polymarketRelayerApiKey',
  'polymarketRelayerApiKeyAddress',
  'polymarketBuilderApiKey',
  'polymarketBuilderSecret',
  'polymarketBuilderPassphrase',
] as const;
const POLY_US_KEYS = ['polymarketUsApiKeyId', 'polymarketUsPrivateKeyPath', 'polymarketUsPrivateKey'] as const;

function check(problem: string | null): void {
  if (problem) throw usageError(problem);
}

export async function run(ctx: Context, opts: AddOpts, args: string[], deps: { prompter?: Prompter; readStdin?: () => Promise<string> } = {}): Promise<void> {
  const name = args[0] ?? '';
  if (!PROFILE_NAME_RE.test(name)) throw usageError(`profile name "${name.slice(0, 70)}" must be 1-64 letters, digits, "_", "." or "-"`);
  refuseSecretFlags(opts);
  // Where each secret came from, for messages (never the value).
  const origin: Partial<Record<SecretSpec['key'], string>> = {};
  const piped = await stdinSecret(opts, deps.readStdin);
  if (piped) {
    opts[piped.spec.key] = piped.value;
    origin[piped.spec.key] = `${piped.spec.flag}-stdin`;
  }
  const existing = (await ctx.store.get(name)) ?? {};
  const pr = ctx.io.canPrompt ? (deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json })) : undefined;
  let want: ExchangeId[] = [];
  if (KALSHI_KEYS.some((k) => opts[k] !== undefined)) want.push('kalshi');
  if (POLY_KEYS.some((k) => opts[k] !== undefined)) want.push('polymarket');
  if (POLY_US_KEYS.some((k) => opts[k] !== undefined)) want.push('polymarket-us');
  // Nothing named on the command line: the exchanges whose keys are in the environment.
  if (want.length === 0) {
    if (envSecret(SECRETS[0]!, ctx.env)) want.push('kalshi');
    if (envSecret(SECRETS[1]!, ctx.env)) want.push('polymarket');
    if (ctx.env.POLYMARKET_US_API_KEY_ID && (envSecret(SECRETS[4]!, ctx.env) || ctx.env.POLYMARKET_US_PRIVATE_KEY_PATH)) want.push('polymarket-us');
  }
  fromEnvironment(ctx, opts, existing, want, origin);
  if (want.length === 0) {
    if (!pr) {
      throw usageError(
        'give credentials for at least one exchange: --kalshi-api-key-id with --kalshi-private-key-path, the Polymarket key on stdin (--polymarket-private-key-stdin) or in POLYMARKET_PRIVATE_KEY, and/or --polymarket-us-api-key-id with --polymarket-us-private-key-path (on a terminal, pmt asks)',
      );
    }
    want = await ask.askExchanges(pr);
  }

  const profile: Profile = { ...existing };
  const found: { kalshiKind?: string } = {};
  if (want.includes('kalshi')) profile.kalshi = await kalshiSection(ctx, opts, existing.kalshi ?? {}, pr, origin, found);
  if (want.includes('polymarket')) profile.polymarket = await polymarketSection(ctx, opts, existing.polymarket ?? {}, pr, origin);
  if (want.includes('polymarket-us')) profile.polymarket_us = await polymarketUsSection(ctx, opts, existing.polymarket_us ?? {}, pr, origin);

  const { activated } = await ctx.store.put(name, profile);
  const active = (await ctx.store.active()) === name;
  if (ctx.json) return ctx.io.json(profileSummary(name, profile, active));
  ctx.io.out(savedLines(profileSummary(name, profile, active), { file: ctx.store.file, updated: Object.keys(existing).length > 0, activated, kalshiKeyKind: found.kalshiKind }).join('\n'));
}

/**
 * Secrets still missing for the exchanges being added, from the environment variables of the same
 * name: only where nothing was given and nothing is stored (an update never swaps a stored key
 * for an ambient one), and the API secret/passphrase only beside an API key given now.
 */
function fromEnvironment(ctx: Context, o: AddOpts, existing: Profile, want: ExchangeId[], origin: Partial<Record<SecretSpec['key'], string>>): void {
  const take = (spec: SecretSpec) => {
    const v = envSecret(spec, ctx.env);
    if (v === undefined || o[spec.key] !== undefined) return;
    o[spec.key] = v;
    origin[spec.key] = spec.env;
    if (!ctx.json) ctx.io.err(`note: ${spec.what} taken from ${spec.env}`);
  };
  const [kalshiPem, polyKey, apiSecret, apiPassphrase, usKey] = SECRETS as [SecretSpec, SecretSpec, SecretSpec, SecretSpec, SecretSpec];
  if (want.includes('polymarket-us') && o.polymarketUsPrivateKeyPath === undefined && o.polymarketUsPrivateKey === undefined && !existing.polymarket_us?.private_key_path && !existing.polymarket_us?.private_key) {
    // The key file named in the environment is stored as a path (the key stays in its file), else the text.
    if (ctx.env.POLYMARKET_US_PRIVATE_KEY_PATH) o.polymarketUsPrivateKeyPath = ctx.env.POLYMARKET_US_PRIVATE_KEY_PATH;
    else take(usKey);
  }
  if (want.includes('polymarket-us') && o.polymarketUsApiKeyId === undefined && !existing.polymarket_us?.api_key_id && ctx.env.POLYMARKET_US_API_KEY_ID) o.polymarketUsApiKeyId = ctx.env.POLYMARKET_US_API_KEY_ID;
  if (want.includes('kalshi') && o.kalshiPrivateKeyPath === undefined && !existing.kalshi?.private_key_path && !existing.kalshi?.private_key) take(kalshiPem);
  if (want.includes('polymarket') && !existing.polymarket?.private_key) take(polyKey);
  if (want.includes('polymarket') && o.polymarketApiKey !== undefined) {
    take(apiSecret);
    take(apiPassphrase);
  }
  const [relayerKey, builderSecret, builderPassphrase] = SECRETS.slice(5) as [SecretSpec, SecretSpec, SecretSpec];
  if (want.includes('polymarket') && o.polymarketRelayerApiKeyAddress !== undefined && !existing.polymarket?.relayer_api_key) take(relayerKey);
  if (want.includes('polymarket') && o.polymarketBuilderApiKey !== undefined) {
    take(builderSecret);
    take(builderPassphrase);
  }
}

async function kalshiSection(
  ctx: Context,
  o: AddOpts,
  old: KalshiProfile,
  pr: Prompter | undefined,
  origin: Partial<Record<SecretSpec['key'], string>>,
  found: { kalshiKind?: string },
): Promise<KalshiProfile> {
  const k: KalshiProfile = { ...old };
  if (o.kalshiPrivateKeyPath !== undefined && o.kalshiPrivateKey !== undefined) {
    throw usageError(`give the Kalshi key either as --kalshi-private-key-path or through ${origin.kalshiPrivateKey ?? 'KALSHI_PRIVATE_KEY'}, not both`);
  }
  if (o.kalshiApiKeyId !== undefined) {
    check(tokenProblem('--kalshi-api-key-id', o.kalshiApiKeyId));
    k.api_key_id = o.kalshiApiKeyId.trim();
  } else if (!k.api_key_id) {
    if (!pr) throw usageError('--kalshi-api-key-id is required with the other Kalshi flags');
    k.api_key_id = await ask.askKalshiKeyId(pr);
  }
  if (o.kalshiPrivateKeyPath !== undefined) {
    const r = await checkKalshiKeyFile('--kalshi-private-key-path', o.kalshiPrivateKeyPath);
    check(r.problem);
    if (r.warning) ctx.io.err(`warning: ${r.warning}`);
    found.kalshiKind = r.kind;
    k.private_key_path = r.absolute;
    delete k.private_key;
  } else if (o.kalshiPrivateKey !== undefined) {
    const r = await kalshiPemCheck(`the Kalshi key from ${origin.kalshiPrivateKey ?? 'input'}`, o.kalshiPrivateKey);
    check(r.problem);
    found.kalshiKind = r.kind;
    k.private_key = o.kalshiPrivateKey;
    delete k.private_key_path;
  } else if (!k.private_key_path && !k.private_key) {
    if (!pr) throw usageError('--kalshi-private-key-path is required with --kalshi-api-key-id (the .pem file downloaded from Kalshi)');
    const r = await ask.askKalshiKeyPath(pr);
    if (r.warning) ctx.io.err(`warning: ${r.warning}`);
    found.kalshiKind = r.kind;
    k.private_key_path = r.absolute;
  }
  // Optional values are asked only when nothing about Kalshi was given as a flag.
  if (o.kalshiDemo !== undefined) k.demo = o.kalshiDemo;
  else if (pr && !KALSHI_KEYS.some((key) => o[key] !== undefined)) k.demo = await ask.askKalshiDemo(pr, k.demo ?? false);
  return k;
}

async function polymarketSection(ctx: Context, o: AddOpts, old: PolymarketProfile, pr: Prompter | undefined, origin: Partial<Record<SecretSpec['key'], string>>): Promise<PolymarketProfile> {
  const p: PolymarketProfile = { ...old };
  // Optional values are asked only when nothing about Polymarket was given as a flag.
  const guided = pr !== undefined && !POLY_KEYS.some((key) => o[key] !== undefined);
  if (o.polymarketPrivateKey !== undefined) {
    check(polymarketKeyProblem(`the Polymarket key from ${origin.polymarketPrivateKey ?? 'input'}`, o.polymarketPrivateKey));
    p.private_key = normalizePolymarketKey(o.polymarketPrivateKey);
  } else if (!p.private_key) {
    if (!pr) throw usageError('the Polymarket private key is required with the other Polymarket flags: pipe it in with --polymarket-private-key-stdin or set POLYMARKET_PRIVATE_KEY');
    p.private_key = normalizePolymarketKey(await ask.askPolymarketKey(pr));
  }
  const signer = await signerAddress(p.private_key);

  let type: SignatureType | undefined = p.signature_type;
  if (o.polymarketSignatureType !== undefined) {
    const parsed = parseSignatureType(o.polymarketSignatureType);
    if (!parsed) throw usageError('--polymarket-signature-type must be one of eoa, proxy, gnosis-safe, poly-1271');
    type = parsed;
  }
  if (o.polymarketFunder !== undefined) {
    check(await addressProblem('--polymarket-funder', o.polymarketFunder));
    p.funder = o.polymarketFunder.trim();
  }
  if (o.polymarketSignatureType === undefined && pr && (guided || !type)) type = await ask.askSignatureType(pr, type);
  if (!type) {
    // No terminal: a funder means a polymarket.com wallet (almost always a browser-wallet Safe).
    type = p.funder ? 'gnosis-safe' : 'eoa';
    ctx.io.err(`note: Polymarket wallet type set to ${type} (${p.funder ? 'a funder was given' : 'no funder given'}); pass --polymarket-signature-type to choose`);
  }
  p.signature_type = type;
  if (type === 'eoa') {
    if (p.funder && p.funder.toLowerCase() !== signer.toLowerCase()) {
      throw usageError(
        `--polymarket-funder ${p.funder} is not the key's own address ${signer}: with wallet type eoa the key's address holds the funds; for a polymarket.com wallet pass --polymarket-signature-type gnosis-safe (browser wallet) or proxy (email login)`,
      );
    }
    delete p.funder;
  } else if (!p.funder) {
    if (!pr) throw usageError(`--polymarket-funder is required with wallet type ${type}: the polymarket.com wallet address that holds your funds`);
    p.funder = await ask.askFunder(pr);
  }
  if (p.funder && p.funder.toLowerCase() === signer.toLowerCase()) {
    throw usageError(`the funder ${p.funder} is the signer's own address: with wallet type ${type} the funder is the polymarket.com proxy/Safe wallet, not the key's address (use eoa if the key holds the funds)`);
  }

  const api = [o.polymarketApiKey, o.polymarketApiSecret, o.polymarketApiPassphrase];
  if (api.some((v) => v !== undefined)) {
    if (o.polymarketApiKey === undefined) {
      throw usageError('the Polymarket API secret and passphrase go with --polymarket-api-key (or give none: they are derived from the private key)');
    }
    // A missing secret beside a given API key: asked without echo on a terminal.
    if (pr && o.polymarketApiSecret === undefined) o.polymarketApiSecret = await pr.password({ message: 'API secret (not echoed)', validate: (v) => tokenProblem('API secret', v) ?? true });
    if (pr && o.polymarketApiPassphrase === undefined) o.polymarketApiPassphrase = await pr.password({ message: 'API passphrase (not echoed)', validate: (v) => tokenProblem('API passphrase', v) ?? true });
    if (o.polymarketApiSecret === undefined || o.polymarketApiPassphrase === undefined) {
      throw usageError(
        '--polymarket-api-key needs the API secret and passphrase too: set POLYMARKET_API_SECRET and POLYMARKET_API_PASSPHRASE, or pipe one in with --polymarket-api-secret-stdin / --polymarket-api-passphrase-stdin (the other from the environment)',
      );
    }
    check(tokenProblem('--polymarket-api-key', o.polymarketApiKey!));
    check(tokenProblem(`the API secret from ${origin.polymarketApiSecret ?? 'input'}`, o.polymarketApiSecret!));
    check(tokenProblem(`the API passphrase from ${origin.polymarketApiPassphrase ?? 'input'}`, o.polymarketApiPassphrase!));
    p.api_key = o.polymarketApiKey!.trim();
    p.api_secret = o.polymarketApiSecret!.trim();
    p.api_passphrase = o.polymarketApiPassphrase!.trim();
  } else if (guided && !p.api_key) {
    const creds = await ask.askApiCredentials(pr!);
    if (creds) Object.assign(p, { api_key: creds.key, api_secret: creds.secret, api_passphrase: creds.passphrase });
  }
  await chainSettings(o, p, origin);
  return p;
}

/**
 * The on-chain settings: the Polygon RPC (not a secret) and the relayer's credentials (deposit
 * wallets): a Relayer API key (a secret: stdin or POLYMARKET_RELAYER_API_KEY) with its address,
 * or Builder API credentials (the key, and its secret and passphrase kept out of argv).
 */
async function chainSettings(o: AddOpts, p: PolymarketProfile, origin: Partial<Record<SecretSpec['key'], string>>): Promise<void> {
  if (o.polygonRpcUrl !== undefined) {
    check(urlProblem('--polygon-rpc-url', o.polygonRpcUrl));
    p.polygon_rpc_url = o.polygonRpcUrl.trim();
  }
  if (o.polymarketRelayerApiKey !== undefined) {
    check(tokenProblem(`the Relayer API key from ${origin.polymarketRelayerApiKey ?? 'input'}`, o.polymarketRelayerApiKey));
    p.relayer_api_key = o.polymarketRelayerApiKey.trim();
  }
  if (o.polymarketRelayerApiKeyAddress !== undefined) {
    check(await addressProblem('--polymarket-relayer-api-key-address', o.polymarketRelayerApiKeyAddress));
    p.relayer_api_key_address = o.polymarketRelayerApiKeyAddress.trim();
  }
  const builder = [o.polymarketBuilderApiKey, o.polymarketBuilderSecret, o.polymarketBuilderPassphrase];
  if (builder.some((v) => v !== undefined)) {
    if (builder.some((v) => v === undefined)) {
      throw usageError('Builder API credentials go together: --polymarket-builder-api-key KEY with the secret and passphrase (POLYMARKET_BUILDER_SECRET, POLYMARKET_BUILDER_PASSPHRASE, or one of them on stdin with --polymarket-builder-secret-stdin / --polymarket-builder-passphrase-stdin)');
    }
    check(tokenProblem('--polymarket-builder-api-key', o.polymarketBuilderApiKey!));
    check(tokenProblem(`the Builder API secret from ${origin.polymarketBuilderSecret ?? 'input'}`, o.polymarketBuilderSecret!));
    check(tokenProblem(`the Builder API passphrase from ${origin.polymarketBuilderPassphrase ?? 'input'}`, o.polymarketBuilderPassphrase!));
    p.builder_api_key = o.polymarketBuilderApiKey!.trim();
    p.builder_secret = o.polymarketBuilderSecret!.trim();
    p.builder_passphrase = o.polymarketBuilderPassphrase!.trim();
  }
}

async function polymarketUsSection(ctx: Context, o: AddOpts, old: PolymarketUsProfile, pr: Prompter | undefined, origin: Partial<Record<SecretSpec['key'], string>>): Promise<PolymarketUsProfile> {
  const u: PolymarketUsProfile = { ...old };
  if (o.polymarketUsPrivateKeyPath !== undefined && o.polymarketUsPrivateKey !== undefined) {
    throw usageError(`give the Polymarket US key either as --polymarket-us-private-key-path or through ${origin.polymarketUsPrivateKey ?? 'POLYMARKET_US_PRIVATE_KEY'}, not both`);
  }
  if (o.polymarketUsApiKeyId !== undefined) {
    check(tokenProblem('--polymarket-us-api-key-id', o.polymarketUsApiKeyId));
    u.api_key_id = o.polymarketUsApiKeyId.trim();
  } else if (!u.api_key_id) {
    if (!pr) throw usageError('--polymarket-us-api-key-id is required with the other Polymarket US flags');
    u.api_key_id = (await pr.input({ message: 'Polymarket US API key id', validate: (v) => tokenProblem('key id', v) ?? true })).trim();
  }
  if (o.polymarketUsPrivateKeyPath !== undefined) {
    const r = await checkPolymarketUsKeyFile('--polymarket-us-private-key-path', o.polymarketUsPrivateKeyPath);
    check(r.problem);
    if (r.warning) ctx.io.err(`warning: ${r.warning}`);
    u.private_key_path = r.absolute;
    delete u.private_key;
  } else if (o.polymarketUsPrivateKey !== undefined) {
    check(await polymarketUsKeyProblem(`the Polymarket US key from ${origin.polymarketUsPrivateKey ?? 'input'}`, o.polymarketUsPrivateKey));
    u.private_key = o.polymarketUsPrivateKey.trim();
    delete u.private_key_path;
  } else if (!u.private_key_path && !u.private_key) {
    if (!pr) throw usageError('the Polymarket US secret key is required with --polymarket-us-api-key-id: --polymarket-us-private-key-path FILE, --polymarket-us-private-key-stdin, or POLYMARKET_US_PRIVATE_KEY');
    const key = await pr.password({ message: 'Polymarket US secret key (base64, not echoed)', validate: (v) => tokenProblem('secret key', v) ?? true });
    check(await polymarketUsKeyProblem('the Polymarket US key entered', key));
    u.private_key = key.trim();
  }
  return u;
}
