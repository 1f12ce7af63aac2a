/**
 * The pure validators under thousands of hostile inputs, against a model of each rule: what they
 * accept is exactly what the rule allows (returned exactly), and what they refuse is a usage
 * error (kind Api, exit 2) whose message is one printable line naming the field. Also: id
 * resolution, cursor decoding, key loading (never echoing the key) and the error-line cleaner.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exitCodeFor, PmtError } from '../../src/errors.js';
import { safeLine } from '../../src/safe-text.js';
import { redactSecrets, registerSecret } from '../../src/secrets.js';
import { MAX_ID_LENGTH, parseCursor, parseDecimal, parseEnum, parseId, parseInteger, parseLabel, parsePrice, parseSize } from '../../src/validate.js';
import { splitIds } from '../../src/split-ids.js';
import { Context } from '../../src/context.js';
import { assetExchange, marketExchange, orderExchange } from '../../src/exchanges/ids.js';
import { decodeCombinedCursor } from '../../src/ops/markets-across.js';
import { decodeCursor } from '../../src/exchanges/polymarket/cursor.js';
import { loadKalshiKey } from '../../src/exchanges/kalshi/auth.js';
import { badId, numberLike } from './arbitraries.js';

const RUNS = 3000;
/** Plain decimals, ".6" included (it is 0.6). */
const PLAIN_DECIMAL = /^(?:\d{1,15}(?:\.\d{1,12})?|\.\d{1,12})$/;
const PLAIN_INT = /^\d{1,9}$/;
const ID_OK = /^[\x21-\x7e\p{L}\p{M}\p{N}]+$/u;
const CURSOR_OK = /^[\x21-\x7e]+$/;

/** Run f: its value, or the usage error it threw (anything else fails the test). */
function attempt<T>(field: string | null, f: () => T): { ok: true; value: T } | { ok: false; error: PmtError } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    expect(e).toBeInstanceOf(PmtError);
    const err = e as PmtError;
    expect([err.kind, err.usage, exitCodeFor(err)]).toEqual(['Api', true, 2]);
    if (field !== null) expect(err.message).toContain(field);
    // One printable line, bounded, whatever the input was.
    expect(err.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(err.message.length).toBeLessThan(400);
    return { ok: false, error: err };
  }
}

const anyText = fc.oneof(numberLike, fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.stringMatching(/^\d{1,16}(\.\d{1,13})?$/));
const anyInput = fc.oneof(anyText, fc.double(), fc.integer(), fc.constantFrom(null, undefined, -0, Number.NaN, Infinity, 1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER + 2));

describe('numbers', () => {
  it('parsePrice accepts exactly the plain decimals strictly inside (0, 1), exactly', () => {
    fc.assert(fc.property(anyText, (s) => {
      const r = attempt('--price', () => parsePrice('--price', s));
      const t = s.trim();
      const allowed = PLAIN_DECIMAL.test(t) && Number(t) > 0 && Number(t) < 1;
      expect(r.ok, JSON.stringify(s)).toBe(allowed);
      if (r.ok) expect(Number(r.value.toFixed())).toBe(Number(t));
    }), { numRuns: RUNS });
  });

  it('parseSize accepts exactly the plain decimals > 0', () => {
    fc.assert(fc.property(anyText, (s) => {
      const r = attempt('--size', () => parseSize('--size', s));
      const t = s.trim();
      expect(r.ok, JSON.stringify(s)).toBe(PLAIN_DECIMAL.test(t) && Number(t) > 0);
    }), { numRuns: RUNS });
  });

  it('JSON numbers (serve bodies): finite, not -0, at most 15 integer digits and 12 decimals, kept exact', () => {
    fc.assert(fc.property(anyInput, (v) => {
      const r = attempt('size', () => parseDecimal('size', v));
      if (typeof v === 'number' && r.ok) {
        expect(Number.isFinite(v) && !Object.is(v, -0) && v >= 0 && v < 1e15).toBe(true);
        expect(r.value.toNumber()).toBe(v);
      }
      if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0) || v < 0 || v >= 1e15)) expect(r.ok).toBe(false);
    }), { numRuns: RUNS });
  });

  it('parseInteger accepts exactly whole numbers in range', () => {
    fc.assert(fc.property(anyText, fc.nat(50), fc.nat(1_000_000), (s, min, span) => {
      const max = min + span;
      const r = attempt('--limit', () => parseInteger('--limit', s, min, max));
      const t = s.trim();
      expect(r.ok, JSON.stringify(s)).toBe(PLAIN_INT.test(t) && Number(t) >= min && Number(t) <= max);
    }), { numRuns: RUNS });
  });

  it('parseEnum accepts the choices in any letter case, nothing else', () => {
    const allowed = ['active', 'closed', 'resolved', 'all'] as const;
    fc.assert(fc.property(fc.oneof(anyText, fc.constantFrom(...allowed, 'ALL', ' active ', 'Active')), (s) => {
      const r = attempt('--status', () => parseEnum('--status', s, allowed));
      expect(r.ok).toBe((allowed as readonly string[]).includes(s.trim().toLowerCase()));
    }), { numRuns: RUNS });
  });
});

describe('ids and cursors', () => {
  it('parseId accepts exactly bounded ids of ASCII punctuation and any script\'s letters and digits, without path characters', () => {
    fc.assert(fc.property(fc.oneof(anyText, badId, fc.stringMatching(/^[A-Za-z0-9:._-]{1,40}$/), fc.constantFrom('São_Paulo', 'Zürich', 'Ñandú', '北京', 'e\u0301', 'КХ-1')), (s) => {
      const r = attempt('market', () => parseId('market', s));
      const allowed = s.trim() !== '' && s.length <= MAX_ID_LENGTH && ID_OK.test(s) && !/[/\\?#]/.test(s) && s !== '.' && s !== '..' && !/^(kalshi|polymarket):$/i.test(s);
      expect(r.ok, JSON.stringify(s)).toBe(allowed);
      if (r.ok) expect(r.value).toBe(s);
    }), { numRuns: RUNS });
  });

  it('parseCursor: printable ASCII up to 4096 characters', () => {
    fc.assert(fc.property(fc.oneof(anyText, fc.string({ minLength: 4000, maxLength: 4200 })), (s) => {
      const r = attempt('cursor', () => parseCursor(s));
      expect(r.ok).toBe(s === '' || (s.length <= 4096 && CURSOR_OK.test(s)));
    }), { numRuns: RUNS / 2 });
  });

  it('combined and Polymarket cursors: a position or a usage error, never a crash', () => {
    const cursors = fc.oneof(
      anyText,
      fc.jsonValue().map((j) => 'pmt1.' + Buffer.from(JSON.stringify(j) ?? '').toString('base64url')),
      fc.jsonValue().map((j) => 'pm1.' + Buffer.from(JSON.stringify(j) ?? '').toString('base64url')),
      fc.record({ s: fc.constantFrom('active', 'all', 'x'), o: fc.anything(), c: fc.anything() }, { requiredKeys: ['s'] }).map((j) => 'pm1.' + Buffer.from(JSON.stringify(j) ?? '').toString('base64url')),
    );
    fc.assert(fc.property(cursors, (s) => {
      attempt('cursor', () => decodeCombinedCursor(s));
      attempt('cursor', () => decodeCursor(s, 'all'));
    }), { numRuns: RUNS });
  });

  it('market, asset and order ids resolve to an exchange or are refused, never sent half-checked', () => {
    const ctxs = [new Context({ globals: {} }), new Context({ globals: { exchange: 'kalshi' } }), new Context({ globals: { exchange: 'polymarket' } })];
    const ids = fc.oneof(anyText, badId, fc.stringMatching(/^(kalshi|polymarket|KALSHI):[A-Za-z0-9-]{0,20}$/), fc.stringMatching(/^\d{18,80}$/), fc.uuid(), fc.stringMatching(/^0x[0-9a-f]{60,66}$/));
    fc.assert(fc.property(ids, fc.constantFrom(0, 1, 2), (s, i) => {
      const ctx = ctxs[i]!;
      // Their messages name the id rather than the field ("cannot tell the exchange of "0"").
      for (const f of [() => marketExchange(s, ctx.exchangeFlag()), () => assetExchange(s, ctx.exchangeFlag()), () => orderExchange(s, ctx.exchangeFlag())]) {
        const r = attempt(null, f as () => { exchange: string; ticker?: string; id?: string });
        if (r.ok) {
          expect(['kalshi', 'polymarket']).toContain(r.value.exchange);
          const native = r.value.ticker ?? r.value.id ?? '';
          expect(native.length).toBeGreaterThan(0);
          expect(ID_OK.test(native)).toBe(true);
        }
      }
    }), { numRuns: RUNS });
  });

  it('--outcome: a trimmed label or a usage error', () => {
    fc.assert(fc.property(anyText, (s) => {
      const r = attempt('--outcome', () => parseLabel('--outcome', s));
      if (r.ok) expect(r.value!.length).toBeGreaterThan(0);
    }), { numRuns: RUNS });
  });

  it('labels: control or invisible characters anywhere are refused, not trimmed away', () => {
    const invisible = fc.constantFrom('\u0000', '\t', '\n', '\u0085', '\u200b', '\u202e', '\u2028', '\ufeff', '\ud800');
    fc.assert(fc.property(fc.string({ maxLength: 8 }), invisible, fc.string({ maxLength: 8 }), (a, c, b) => {
      expect(attempt('outcome', () => parseLabel('outcome', a + c + b)).ok, JSON.stringify(a + c + b)).toBe(false);
    }), { numRuns: RUNS });
    expect(parseLabel('outcome', '  São Paulo ')).toBe('São Paulo');
    expect(parseLabel('outcome', 'Trump–Vance')).toBe('Trump–Vance');
    expect(parseLabel('outcome', '🙂 yes')).toBe('🙂 yes');
  });

  it('id lists: spaces beside commas separate, anything else stays in its id', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[A-Z0-9-]{1,8}$/), { minLength: 1, maxLength: 5 }), fc.array(fc.constantFrom(',', ', ', ' ,', ' , '), { minLength: 4, maxLength: 4 }), (ids, seps) => {
      expect(splitIds(ids.map((id, i) => (i ? seps[i % 4] : '') + id).join(''))).toEqual(ids);
    }), { numRuns: RUNS });
    expect(splitIds('KXA\t')).toEqual(['KXA\t']);
    expect(splitIds(' KXA')).toEqual([' KXA']);
    expect(splitIds('')).toEqual(['']);
    expect(splitIds(' , ')).toEqual(['']);
  });
});

describe('secrets and terminal text', () => {
  it('a bad Kalshi key is Config and never echoes what was given', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ minLength: 12 }), fc.base64String({ minLength: 40, maxLength: 400 }).map((b) => `-----BEGIN PRIVATE KEY-----\n${b}\n-----END PRIVATE KEY-----`)), (text) => {
      try {
        loadKalshiKey(text);
      } catch (e) {
        expect((e as PmtError).kind).toBe('Config');
        const shown = `${(e as PmtError).message} ${(e as PmtError).hint ?? ''}`;
        for (const line of text.split('\n')) if (line.trim().length >= 12 && !line.startsWith('-----')) expect(shown).not.toContain(line.trim());
      }
    }), { numRuns: 300 });
  });

  it('safeLine: one line, no escape or control character, no registered secret, whatever the text', () => {
    const secret = 'S3cr3t-' + 'q'.repeat(20);
    registerSecret(secret);
    fc.assert(fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\u001b[2J', '\u001b]0;x\u0007', '\r\n', '\u202e', '\u009b31m', secret, secret.slice(0, 10))), { maxLength: 8 }), (parts) => {
      const out = safeLine(parts.join(''));
      expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
      expect(out).not.toContain(secret);
      expect(redactSecrets(parts.join(''))).not.toContain(secret);
    }), { numRuns: RUNS });
  });
});
