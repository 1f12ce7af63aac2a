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
  if (typeof value !== 'string') return;
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH) return;
  secrets.add(v);
  if (v.includes('\n') || v.includes('\\n') || v.includes('-----BEGIN')) {
    for (const line of v.split(/\\n|\r?\n/)) {
      const l = line.trim();
      if (l.length >= MIN_SECRET_LENGTH && !l.startsWith('-----')) secrets.add(l);
    }
  }
  const hex = /^(0x)?([0-9a-fA-F]{32,})$/.exec(v);
  if (hex) {
    secrets.add(hex[2]!);
    secrets.add(hex[2]!.toLowerCase());
    secrets.add('0x' + hex[2]!.toLowerCase());
  }
}

/** Replace every registered secret in `text` with `***`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
  return out;
}
