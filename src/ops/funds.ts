/**
 * Can the account pay for an order? The order preview's funds and position checks, computed
 * exactly from the cash and the contracts held (read just before the preview). A failed check
 * does not stop the order: the preview shows ✗ with the shortfall before anything is signed,
 * and `--yes` still sends it (the exchange decides); the preview and dry-run say so.
 *
 * - buy: cost at the limit plus the estimated fee must be covered by the cash;
 * - sell on an asset that carries both outcomes (Kalshi's YES/NO book): what is held is sold,
 *   anything beyond buys the other outcome at 1 − price, which needs cash;
 * - sell of a token (Polymarket): the shares must be held.
 * An unknown balance or position is said, never guessed.
 */
import { Decimal } from '../decimal.js';

export interface FundsInput {
  side: 'buy' | 'sell';
  outcome: string;
  /** Limit price of the outcome traded. */
  outcomePrice: Decimal;
  size: Decimal;
  /** Estimated fee in dollars; null when unknown (left out). */
  fee: Decimal | null;
  /** Cash available to trade, dollars; null when it could not be read. */
  cash: Decimal | null;
  /** Contracts of `outcome` held in this market; null when unknown. */
  held: Decimal | null;
  /** Selling more than is held buys the other outcome (a two-outcome book) instead of failing. */
  sellsBeyondHeld: boolean;
  /** Why cash/positions are unknown, for the warning. */
  unknownReason?: string;
}

export interface FundsCheck {
  name: 'funds' | 'position';
  ok: boolean;
  detail: string;
}

const usd = (d: Decimal) => `$${d.round(2, 'up').toFixed(2)}`;

export function fundsChecks(i: FundsInput): { checks: FundsCheck[]; warnings: string[] } {
  const checks: FundsCheck[] = [];
  const warnings: string[] = [];
  const fee = i.fee ?? Decimal.ZERO;
  const feeNote = i.fee === null ? ' (fee unknown, not included)' : ' with the estimated fee';
  const cashCheck = (need: Decimal, what: string) => {
    if (i.cash === null) {
      warnings.push(`balance not checked${i.unknownReason ? `: ${i.unknownReason}` : ''}`);
      return;
    }
    const ok = i.cash.gte(need);
    checks.push({
      name: 'funds',
      ok,
      detail: ok ? `${usd(need)} ${what}${feeNote}, ${usd(i.cash)} available` : `short by ${usd(need.minus(i.cash))}: ${what} needs ${usd(need)}${feeNote}, ${usd(i.cash)} available`,
    });
  };
  if (i.side === 'buy') {
    cashCheck(i.outcomePrice.times(i.size).plus(fee), 'cost');
  } else if (i.held === null) {
    warnings.push(`position not checked${i.unknownReason ? `: ${i.unknownReason}` : ''}`);
  } else if (i.sellsBeyondHeld) {
    const sold = i.held.lt(i.size) ? i.held : i.size;
    const beyond = i.size.minus(sold);
    checks.push({ name: 'position', ok: true, detail: beyond.isZero() ? `holds ${i.held.toFixed()} ${i.outcome}` : `holds ${i.held.toFixed()} ${i.outcome}: ${beyond.toFixed()} beyond it buy the other outcome` });
    if (beyond.gt(0)) cashCheck(Decimal.ONE.minus(i.outcomePrice).times(beyond).plus(fee), `buying the other outcome for the ${beyond.toFixed()} not held`);
  } else {
    const ok = i.held.gte(i.size);
    checks.push({
      name: 'position',
      ok,
      detail: ok ? `holds ${i.held.toFixed()} ${i.outcome}, selling ${i.size.toFixed()}` : `short by ${i.size.minus(i.held).toFixed()} ${i.outcome}: holds ${i.held.toFixed()}, selling ${i.size.toFixed()}`,
    });
  }
  for (const c of checks) if (!c.ok) warnings.push(`✗ ${c.detail}; --yes still sends the order (the exchange decides)`);
  return { checks, warnings };
}
