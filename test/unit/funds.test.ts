import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/decimal.js';
import { fundsChecks, type FundsInput } from '../../src/ops/funds.js';

const D = (v: string | number) => Decimal.from(v);
const base = (o: Partial<FundsInput> = {}): FundsInput => ({
  side: 'buy', outcome: 'Yes', outcomePrice: D('0.42'), size: D(10), fee: D('0.17'), cash: D(100), held: D(0), sellsBeyondHeld: true, ...o,
});

describe('order preview funds check', () => {
  it('a buy the cash covers: ✓ with cost and fee', () => {
    expect(fundsChecks(base())).toEqual({ checks: [{ name: 'funds', ok: true, detail: '$4.37 cost with the estimated fee, $100.00 available' }], warnings: [] });
  });

  it('a buy beyond the cash: ✗ with the exact shortfall, and --yes still sends', () => {
    const r = fundsChecks(base({ cash: D('3.5') }));
    expect(r.checks[0]).toEqual({ name: 'funds', ok: false, detail: 'short by $0.87: cost needs $4.37 with the estimated fee, $3.50 available' });
    expect(r.warnings).toEqual(['✗ short by $0.87: cost needs $4.37 with the estimated fee, $3.50 available; --yes still sends the order (the exchange decides)']);
  });

  it('a token sale needs the shares', () => {
    const r = fundsChecks(base({ side: 'sell', held: D(4), sellsBeyondHeld: false }));
    expect(r.checks).toEqual([{ name: 'position', ok: false, detail: 'short by 6 Yes: holds 4, selling 10' }]);
    expect(fundsChecks(base({ side: 'sell', held: D(12), sellsBeyondHeld: false })).checks[0]!.ok).toBe(true);
  });

  it('on a YES/NO book, selling beyond what is held buys the other outcome: cash for that part', () => {
    const r = fundsChecks(base({ side: 'sell', held: D(4), cash: D(1), fee: D(0) }));
    // 6 beyond the 4 held buy No at 1 − 0.42 = 0.58: $3.48.
    expect(r.checks).toEqual([
      { name: 'position', ok: true, detail: 'holds 4 Yes: 6 beyond it buy the other outcome' },
      { name: 'funds', ok: false, detail: 'short by $2.48: buying the other outcome for the 6 not held needs $3.48 with the estimated fee, $1.00 available' },
    ]);
  });

  it('unknown balance or position is said, not guessed', () => {
    expect(fundsChecks(base({ cash: null, unknownReason: 'no kalshi credentials' }))).toEqual({ checks: [], warnings: ['balance not checked: no kalshi credentials'] });
    expect(fundsChecks(base({ side: 'sell', held: null })).warnings).toEqual(['position not checked']);
  });
});
