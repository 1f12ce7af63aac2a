/**
 * Where `pmt profile add` takes secrets from: never argv (any user of the machine can read a
 * process's arguments in `ps`). A secret comes from stdin (`--<name>-stdin`, one per invocation,
 * as `gh auth login --with-token`), from the environment variable of the same name, or from a
 * hidden prompt on a terminal. A secret given as a flag value is refused with that hint.
 */
import { usageError } from '../../errors.js';
import type { CredentialField } from '../../exchanges/credential-spec.js';
import { ALL_MANIFESTS as MANIFESTS, type ExchangeId } from '../../exchanges/registry.js';

/** Commander's option key of a flag: `kalshi-private-key` → `kalshiPrivateKey`. */
export const optionKey = (flag: string): string => flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

export interface SecretSpec {
  /** The option key of the refused value flag (and of the value add.ts reads). */
  key: string;
  flag: string;
  env: string;
  /** The option key of the stdin flag. */
  stdin: string;
  what: string;
  /** PEM: stdin keeps the inner lines and one final newline. */
  multiline: boolean;
  exchange: ExchangeId;
  field: CredentialField;
}

/** Every secret field of every exchange, in registry order (the manifests' `display: 'secret'`). */
export const SECRETS: readonly SecretSpec[] = MANIFESTS.flatMap((m) =>
  (m.credentials.fields as readonly CredentialField[])
    .filter((f) => f.display === 'secret' && f.env !== undefined)
    .map((f) => ({ key: optionKey(f.flag), flag: `--${f.flag}`, env: f.env!, stdin: `${optionKey(f.flag)}Stdin`, what: f.what ?? f.name, multiline: f.multiline === true, exchange: m.id, field: f })),
);

export type SecretOpts = Partial<Record<string, string | boolean | undefined>>;

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
  const value = spec.multiline ? text.trim() + '\n' : text.trim();
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
export function envSecret(spec: { env: string }, env: NodeJS.ProcessEnv): string | undefined {
  const v = env[spec.env];
  return v === undefined || v.trim() === '' ? undefined : v;
}
