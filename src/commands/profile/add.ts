/**
 * `pmt profile add <name>`: every value as a flag named after its environment variable; on a
 * terminal, prompts for what is missing. Values are validated before they are stored (the Kalshi
 * key really loaded, the Polymarket key's address derived). An existing profile is updated:
 * values given replace stored ones, the rest are kept. The first profile becomes the active one.
 */
import type { Context } from '../../context.js';
import { parseSignatureType, type SignatureType } from '../../credentials.js';
import { usageError } from '../../errors.js';
import type { ExchangeId } from '../../exchanges/types.js';
import { PROFILE_NAME_RE, type KalshiProfile, type PolymarketProfile, type Profile } from '../../profiles.js';
import { terminalPrompter, type Prompter } from '../../render/prompt.js';
import { savedLines } from '../../render/views/profiles.js';
import { profileSummary } from './summary.js';
import * as ask from './ask.js';
import { addressProblem, checkKalshiKeyFile, kalshiPemProblem, normalizePolymarketKey, polymarketKeyProblem, signerAddress, tokenProblem } from './fields.js';

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
}

const KALSHI_KEYS = ['kalshiApiKeyId', 'kalshiPrivateKeyPath', 'kalshiPrivateKey', 'kalshiDemo'] as const;
const POLY_KEYS = ['polymarketPrivateKey', 'polymarketFunder', 'polymarketSignatureType', 'polymarketApiKey', 'polymarketApiSecret', 'polymarketApiPassphrase'] as const;

function check(problem: string | null): void {
  if (problem) throw usageError(problem);
}

export async function run(ctx: Context, opts: AddOpts, args: string[], deps: { prompter?: Prompter } = {}): Promise<void> {
  const name = args[0] ?? '';
  if (!PROFILE_NAME_RE.test(name)) throw usageError(`profile name "${name.slice(0, 70)}" must be 1-64 letters, digits, "_", "." or "-"`);
  const exposed = [
    opts.kalshiPrivateKey !== undefined && '--kalshi-private-key (use --kalshi-private-key-path FILE or KALSHI_PRIVATE_KEY_PATH)',
    opts.polymarketPrivateKey !== undefined && '--polymarket-private-key (run `pmt profile add` on a terminal to be asked without echo, or set POLYMARKET_PRIVATE_KEY)',
    opts.polymarketApiSecret !== undefined && '--polymarket-api-secret',
    opts.polymarketApiPassphrase !== undefined && '--polymarket-api-passphrase',
  ].filter(Boolean);
  if (exposed.length) {
    ctx.io.err(`warning: secrets given as flags are visible in your shell history and to other users' process lists: ${exposed.join('; ')}`);
  }

  const existing = (await ctx.store.get(name)) ?? {};
  const pr = ctx.io.canPrompt ? (deps.prompter ?? terminalPrompter(ctx.io, { toStderr: ctx.json })) : undefined;
  let want: ExchangeId[] = [];
  if (KALSHI_KEYS.some((k) => opts[k] !== undefined)) want.push('kalshi');
  if (POLY_KEYS.some((k) => opts[k] !== undefined)) want.push('polymarket');
  if (want.length === 0) {
    if (!pr) {
      throw usageError(
        'give credentials for at least one exchange: --kalshi-api-key-id with --kalshi-private-key-path, and/or --polymarket-private-key (on a terminal, pmt asks)',
      );
    }
    want = await ask.askExchanges(pr);
  }

  const profile: Profile = { ...existing };
  if (want.includes('kalshi')) profile.kalshi = await kalshiSection(ctx, opts, existing.kalshi ?? {}, pr);
  if (want.includes('polymarket')) profile.polymarket = await polymarketSection(ctx, opts, existing.polymarket ?? {}, pr);

  const { activated } = await ctx.store.put(name, profile);
  const active = (await ctx.store.active()) === name;
  if (ctx.json) return ctx.io.json(profileSummary(name, profile, active));
  ctx.io.out(savedLines(profileSummary(name, profile, active), { file: ctx.store.file, updated: Object.keys(existing).length > 0, activated }).join('\n'));
}

async function kalshiSection(ctx: Context, o: AddOpts, old: KalshiProfile, pr?: Prompter): Promise<KalshiProfile> {
  const k: KalshiProfile = { ...old };
  if (o.kalshiPrivateKeyPath !== undefined && o.kalshiPrivateKey !== undefined) {
    throw usageError('give the Kalshi key either as --kalshi-private-key-path or as --kalshi-private-key, not both');
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
    k.private_key_path = r.absolute;
    delete k.private_key;
  } else if (o.kalshiPrivateKey !== undefined) {
    check(await kalshiPemProblem('--kalshi-private-key', o.kalshiPrivateKey));
    k.private_key = o.kalshiPrivateKey;
    delete k.private_key_path;
  } else if (!k.private_key_path && !k.private_key) {
    if (!pr) throw usageError('--kalshi-private-key-path is required with --kalshi-api-key-id (the .pem file downloaded from Kalshi)');
    const r = await ask.askKalshiKeyPath(pr);
    if (r.warning) ctx.io.err(`warning: ${r.warning}`);
    k.private_key_path = r.absolute;
  }
  // Optional values are asked only when nothing about Kalshi was given as a flag.
  if (o.kalshiDemo !== undefined) k.demo = o.kalshiDemo;
  else if (pr && !KALSHI_KEYS.some((key) => o[key] !== undefined)) k.demo = await ask.askKalshiDemo(pr, k.demo ?? false);
  return k;
}

async function polymarketSection(ctx: Context, o: AddOpts, old: PolymarketProfile, pr?: Prompter): Promise<PolymarketProfile> {
  const p: PolymarketProfile = { ...old };
  // Optional values are asked only when nothing about Polymarket was given as a flag.
  const guided = pr !== undefined && !POLY_KEYS.some((key) => o[key] !== undefined);
  if (o.polymarketPrivateKey !== undefined) {
    check(polymarketKeyProblem('--polymarket-private-key', o.polymarketPrivateKey));
    p.private_key = normalizePolymarketKey(o.polymarketPrivateKey);
  } else if (!p.private_key) {
    if (!pr) throw usageError('--polymarket-private-key is required with the other Polymarket flags (or set POLYMARKET_PRIVATE_KEY and skip the profile)');
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
    if (api.some((v) => v === undefined)) {
      throw usageError('--polymarket-api-key, --polymarket-api-secret and --polymarket-api-passphrase go together (or give none: they are derived from the private key)');
    }
    check(tokenProblem('--polymarket-api-key', o.polymarketApiKey!));
    check(tokenProblem('--polymarket-api-secret', o.polymarketApiSecret!));
    check(tokenProblem('--polymarket-api-passphrase', o.polymarketApiPassphrase!));
    p.api_key = o.polymarketApiKey!.trim();
    p.api_secret = o.polymarketApiSecret!.trim();
    p.api_passphrase = o.polymarketApiPassphrase!.trim();
  } else if (guided && !p.api_key) {
    const creds = await ask.askApiCredentials(pr!);
    if (creds) Object.assign(p, { api_key: creds.key, api_secret: creds.secret, api_passphrase: creds.passphrase });
  }
  return p;
}
