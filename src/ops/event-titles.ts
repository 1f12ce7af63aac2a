/**
 * Event titles for a list of markets that mixes events, where a market titled "Option A" says
 * nothing without its event's title beside it (the views decide which titles need it). One call
 * per exchange, each its own (a cached, paged event list; what its listing already read), within
 * a time budget. Best effort: a failure or the budget running out gives fewer titles, never an
 * error, so the list prints either way. Not part of any model: `--json` never carries them.
 */
import { withAbortSignal } from '../exchanges/http.js';
import type { ExchangeId } from '../exchanges/registry.js';
import type { Market, MarketStatusFilter } from '../exchanges/types.js';
import { capable } from './capabilities.js';
import { fanOut } from './fanout.js';
import type { Services } from './services.js';

/** How long a listing waits for event titles before it prints without them. */
export const EVENT_TITLES_BUDGET_MS = 2500;

export async function eventTitlesFor(
  svc: Services,
  markets: Market[],
  status: MarketStatusFilter = 'active',
  budgetMs = EVENT_TITLES_BUDGET_MS,
): Promise<Record<string, string>> {
  const byExchange = new Map<ExchangeId, Set<string>>();
  for (const m of markets) {
    if (!m.event_ticker) continue;
    let set = byExchange.get(m.exchange);
    if (!set) byExchange.set(m.exchange, (set = new Set()));
    set.add(m.event_ticker);
  }
  const events = new Set(markets.map((m) => m.event_ticker));
  if (events.size < 2) return {};
  const signal = AbortSignal.timeout(budgetMs);
  const r = await fanOut(capable(svc, [...byExchange.keys()], 'fetchEventTitles'), (id) =>
    withAbortSignal(signal, async () => (await svc.exchange(id)).fetchEventTitles([...byExchange.get(id)!], status)),
  );
  // The failures are not reported: titles are a courtesy beside rows that are already right.
  return Object.assign({}, ...r.ok.map((x) => x.value)) as Record<string, string>;
}
