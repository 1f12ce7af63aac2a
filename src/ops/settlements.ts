/**
 * `pmt settlements`: the account's settled markets on the exchanges that settle for the trader
 * (manifest `settlements`; Kalshi), newest first. An exchange whose payouts are claimed on chain
 * instead (manifest `onchain`; Polymarket) is pointed at `pmt position redeem`.
 */
import { PmtError } from '../errors.js';
import { EXCHANGE_IDS, manifestOf, type ExchangeId } from '../exchanges/registry.js';
import type { Settlement } from '../exchanges/settlements.js';
import type { Answer } from './answer.js';
import type { Services } from './services.js';

export type { Settlement };

export async function settlements(svc: Services, q: { exchange?: ExchangeId; ticker?: string; limit?: number }): Promise<Answer<Settlement[]>> {
  const withReader = EXCHANGE_IDS.filter((id) => manifestOf(id).settlements !== undefined);
  if (q.exchange && !manifestOf(q.exchange).settlements) {
    const m = manifestOf(q.exchange);
    throw new PmtError('NotSupported', `${m.name} does not settle positions for you${m.onchain ? ': resolved positions are redeemed on chain' : ''}`, {
      hint: m.onchain ? 'list them with `pmt positions` and redeem with `pmt position redeem <market>` (or --all)' : undefined,
    });
  }
  const ids = q.exchange ? [q.exchange] : (await svc.configured()).filter((id) => withReader.includes(id));
  if (ids.length === 0) {
    throw new PmtError('Config', `settlements need ${withReader.map((id) => manifestOf(id).name).join(' or ')} credentials, and none are configured`, { hint: withReader.map((id) => manifestOf(id).credentials.fix)[0] });
  }
  const out: Settlement[] = [];
  for (const id of ids) {
    await svc.requireCredentials(id);
    const read = (await manifestOf(id).settlements!())(await svc.exchange(id));
    out.push(...(await read({ ticker: q.ticker, limit: q.limit })));
  }
  return { body: out };
}
