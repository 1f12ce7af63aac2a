/**
 * The secret registry: every private key, API secret and passphrase pmt reads is remembered here
 * so that no error line, `--verbose` line or crash report can print it.
 */
const secrets = new Set<string>();
/** Shorter values are too likely to occur in ordinary text to be scrubbed safely. */
const MIN_SECRET_LENGTH = 12;

/**
 * Remember a secret (a private key, API secret, passphrase) so that no error line, `--verbose`
 * line or crash report can print it, even when an upstream echoes it back or a library quotes
 * it in an exception. PEM text is also registered line by line (a body line is key material on
 * its own), and hex keys with and without `0x`.
 */
export function registerSecret(value: string | null | undefined): void {
  for (const v of secretForms(value)) if (v.length >= MIN_SECRET_LENGTH) secrets.add(v);
}

/**
 * A secret and the forms it can appear in on its own: trimmed; each body line of a PEM (a line
 * is key material on its own); hex with and without `0x`, lower case. Shorter than
 * MIN_SECRET_LENGTH: none (too likely in ordinary text).
 */
export function secretForms(value: string | null | undefined): string[] {
  if (typeof value !== 'string') return [];
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH) return [];
  const out = [v];
  if (v.includes('\n') || v.includes('\\n') || v.includes('-----BEGIN')) {
    for (const line of v.split(/\\n|\r?\n/)) {
      const l = line.trim();
      if (l.length >= MIN_SECRET_LENGTH && !l.startsWith('-----')) out.push(l);
    }
  }
  const hex = /^(0x)?([0-9a-fA-F]{32,})$/.exec(v);
  if (hex) out.push(hex[2]!, hex[2]!.toLowerCase(), '0x' + hex[2]!.toLowerCase());
  return out;
}

/** Replace every registered secret in `text` with `***`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
  return out;
}

/** "abcd…wxyz" style masking: enough to recognise a key, never enough to use it. */
export function maskSecret(value: string | undefined | null): string | null {
  if (value == null || value === '') return null;
  if (value.length <= 8) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** Where secrets can be found before any credential is resolved (cli.ts learns them before printing an error). */
export interface SecretSources {
  /** Variables that hold a secret. */
  env: string[];
  /** Variables that name a file holding a secret. */
  files: string[];
  /** Profile fields that hold a secret. */
  fields: string[];
  /** Profile fields that name a file holding a secret. */
  fileFields: string[];
}

let sources: (() => SecretSources) | undefined;

/** Set once by the exchange registry (from the manifests' secret fields), when it loads. */
export function declareSecretSources(f: () => SecretSources): void {
  sources = f;
}

/** The declared sources; none before the registry loaded (nothing was read from them yet either). */
export function secretSources(): SecretSources {
  return sources?.() ?? { env: [], files: [], fields: [], fileFields: [] };
}
