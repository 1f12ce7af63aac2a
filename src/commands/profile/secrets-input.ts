/**
 * Where `pmt profile add` takes secrets from: never argv (any user of the machine can read a
 * process's arguments in `ps`). A secret comes from stdin (`--<name>-stdin`, one per invocation,
 * as `gh auth login --with-token`), from the environment variable of the same name, or from a
 * hidden prompt on a terminal. A secret given as a flag value is refused with that hint.
 */
import { usageError } from '../../errors.js';

export interface SecretSpec {
  /** The option key of the refused value flag (and the field add.ts reads). */
  key: 'kalshiPrivateKey' | 'polymarketPrivateKey' | 'polymarketApiSecret' | 'polymarketApiPassphrase' | 'polymarketUsPrivateKey' | 'polymarketRelayerApiKey' | 'polymarketBuilderSecret' | 'polymarketBuilderPassphrase';
  flag: string;
  env: string;
  /** The option key of the stdin flag. */
  stdin:
    | 'kalshiPrivateKeyStdin'
    | 'polymarketPrivateKeyStdin'
    | 'polymarketApiSecretStdin'
    | 'polymarketApiPassphraseStdin'
    | 'polymarketUsPrivateKeyStdin'
    | 'polymarketRelayerApiKeyStdin'
    | 'polymarketBuilderSecretStdin'
    | 'polymarketBuilderPassphraseStdin';
  what: string;
}

export const SECRETS: readonly SecretSpec[] = [
  { key: 'kalshiPrivateKey', flag: '--kalshi-private-key', env: 'KALSHI_PRIVATE_KEY', stdin: 'kalshiPrivateKeyStdin', what: 'the Kalshi private key (PEM text)' },
  { key: 'polymarketPrivateKey', flag: '--polymarket-private-key', env: 'POLYMARKET_PRIVATE_KEY', stdin: 'polymarketPrivateKeyStdin', what: 'the Polymarket private key' },
  { key: 'polymarketApiSecret', flag: '--polymarket-api-secret', env: 'POLYMARKET_API_SECRET', stdin: 'polymarketApiSecretStdin', what: 'the Polymarket API secret' },
  { key: 'polymarketApiPassphrase', flag: '--polymarket-api-passphrase', env: 'POLYMARKET_API_PASSPHRASE', stdin: 'polymarketApiPassphraseStdin', what: 'the Polymarket API passphrase' },
  { key: 'polymarketUsPrivateKey', flag: '--polymarket-us-private-key', env: 'POLYMARKET_US_PRIVATE_KEY', stdin: 'polymarketUsPrivateKeyStdin', what: 'the Polymarket US secret key (base64)' },
  // Polymarket's relayer (deposit wallets): a Relayer API key, or Builder API credentials.
  { key: 'polymarketRelayerApiKey', flag: '--polymarket-relayer-api-key', env: 'POLYMARKET_RELAYER_API_KEY', stdin: 'polymarketRelayerApiKeyStdin', what: 'the Polymarket Relayer API key' },
  { key: 'polymarketBuilderSecret', flag: '--polymarket-builder-secret', env: 'POLYMARKET_BUILDER_SECRET', stdin: 'polymarketBuilderSecretStdin', what: 'the Polymarket Builder API secret' },
  { key: 'polymarketBuilderPassphrase', flag: '--polymarket-builder-passphrase', env: 'POLYMARKET_BUILDER_PASSPHRASE', stdin: 'polymarketBuilderPassphraseStdin', what: 'the Polymarket Builder API passphrase' },
];

export type SecretOpts = Partial<Record<SecretSpec['key'], string>> & Partial<Record<SecretSpec['stdin'], boolean>>;

/** The largest secret read from stdin: a PEM is a few KiB; more is a mistake (or a pipe left open). */
const MAX_STDIN = 64 * 1024;

/** Refuse every secret given as a flag value, naming the three ways that keep it out of argv. */
export function refuseSecretFlags(opts: SecretOpts): void {
  const given = SECRETS.filter((s) => opts[s.key] !== undefined);
  if (given.length === 0) return;
  const s = given[0]!;
  throw usageError(
    `${s.flag} is refused: a secret on the command line is visible to other users (ps) and kept in your shell history; nothing was stored. Give ${s.what} on stdin with ${s.flag}-stdin (e.g. \`${s.flag}-stdin < file\`), in the environment as ${s.env}, or leave it out on a terminal to be asked without echo`,
  );
}

/** The one secret named by a `--…-stdin` flag, read from stdin; more than one is refused. */
export async function stdinSecret(opts: SecretOpts, read: () => Promise<string> = readStdin): Promise<{ spec: SecretSpec; value: string } | null> {
  const wanted = SECRETS.filter((s) => opts[s.stdin]);
  if (wanted.length === 0) return null;
  if (wanted.length > 1) {
    throw usageError(
      `one secret per invocation on stdin (got ${wanted.map((s) => `${s.flag}-stdin`).join(', ')}): give the others in the environment (${wanted
        .slice(1)
        .map((s) => s.env)
        .join(', ')}) or run \`pmt profile add\` again for each; later runs keep what earlier ones stored`,
    );
  }
  const spec = wanted[0]!;
  const text = await read();
  // A trailing newline (echo, a file) is not part of the secret; a PEM keeps its inner lines.
  const value = spec.key === 'kalshiPrivateKey' ? text.trim() + '\n' : text.trim();
  if (value.trim() === '') throw usageError(`${spec.flag}-stdin: stdin was empty; pipe ${spec.what} in (e.g. \`${spec.flag}-stdin < file\`)`);
  return { spec, value };
}

/** All of stdin as text, bounded. */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_STDIN) throw usageError(`stdin holds more than ${MAX_STDIN / 1024} KiB: that is not one secret`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The secret of `spec` from the environment, if set and non-empty. */
export function envSecret(spec: SecretSpec, env: NodeJS.ProcessEnv): string | undefined {
  const v = env[spec.env];
  return v === undefined || v.trim() === '' ? undefined : v;
}
