/**
 * Key material in every form a leak could take, and a scanner that looks for all of them in
 * captured output. A PEM leaks as the whole text, a body line, a run of its base64 (or base64url,
 * or the DER bytes in hex); a hex key with or without 0x, in either case, or a run of it; an API
 * secret as itself, its standard-base64 twin, or a run of it.
 */
import { createPrivateKey } from 'node:crypto';

export interface Needle {
  /** Which secret and which form, for the failure message. */
  what: string;
  text: string;
}

/** Every `len`-long run of `s`, starting every `step` characters. */
function windows(s: string, len: number, step: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + len <= s.length; i += step) out.push(s.slice(i, i + len));
  return out;
}

export function pemForms(name: string, pem: string): Needle[] {
  const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const needles: Needle[] = [
    { what: `${name}: whole PEM`, text: pem.trim() },
    { what: `${name}: PEM with escaped newlines`, text: JSON.stringify(pem.trim()).slice(1, -1) },
    { what: `${name}: base64 body`, text: body },
    { what: `${name}: base64url body`, text: body.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') },
  ];
  for (const line of pem.split(/\r?\n/)) if (line.length >= 16 && !line.startsWith('-----')) needles.push({ what: `${name}: PEM body line`, text: line });
  for (const w of windows(body, 20, 10)) needles.push({ what: `${name}: base64 run`, text: w });
  try {
    const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' }).toString('hex');
    for (const w of windows(der, 32, 16)) needles.push({ what: `${name}: DER hex run`, text: w });
  } catch {
    /* not a parseable key (a deliberately broken one): its text forms are enough */
  }
  return needles;
}

export function hexKeyForms(name: string, key: string): Needle[] {
  const hex = key.replace(/^0x/i, '');
  const needles: Needle[] = [
    { what: `${name}: 0x hex`, text: '0x' + hex.toLowerCase() },
    { what: `${name}: hex`, text: hex.toLowerCase() },
    { what: `${name}: HEX`, text: hex.toUpperCase() },
    { what: `${name}: base64 of the bytes`, text: Buffer.from(hex, 'hex').toString('base64') },
  ];
  for (const w of windows(hex.toLowerCase(), 16, 8)) needles.push({ what: `${name}: hex run`, text: w }, { what: `${name}: HEX run`, text: w.toUpperCase() });
  return needles;
}

export function textSecretForms(name: string, secret: string): Needle[] {
  const needles: Needle[] = [
    { what: `${name}: as is`, text: secret },
    { what: `${name}: standard base64`, text: secret.replace(/-/g, '+').replace(/_/g, '/') },
  ];
  for (const w of windows(secret, 14, 7)) needles.push({ what: `${name}: run`, text: w });
  return needles;
}

/** The needles found in `output` (empty when nothing leaked). */
export function findLeaks(output: string, needles: Needle[]): Needle[] {
  return needles.filter((n) => n.text.length >= 12 && output.includes(n.text));
}
