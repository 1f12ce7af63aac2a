/**
 * The trader's-day operations (cancel one, amend, balance, positions, fills, tape, history, the
 * funds check) and event titles, for the in-memory Exchange fakes: they are tested against the
 * loopback doubles, so a fake answers them NotSupported, naming itself and the operation.
 */
import { PmtError } from '../../src/errors.js';

function notSupported(exchange: string, op: string): Promise<never> {
  return Promise.reject(new PmtError('NotSupported', `${op} is not supported on ${exchange}`));
}

export abstract class DayOpsUnsupported {
  abstract readonly id: string;
  cancelOrder(): Promise<never> {
    return notSupported(this.id, 'cancel_order');
  }
  amendOrder(): Promise<never> {
    return notSupported(this.id, 'amend_order');
  }
  orderGroups(): Promise<never> {
    return notSupported(this.id, 'order_groups');
  }
  fetchBalance(): Promise<never> {
    return notSupported(this.id, 'fetch_balance');
  }
  fetchPositions(): Promise<never> {
    return notSupported(this.id, 'fetch_positions');
  }
  fetchFills(): Promise<never> {
    return notSupported(this.id, 'fetch_fills');
  }
  fetchTrades(): Promise<never> {
    return notSupported(this.id, 'fetch_trades');
  }
  fetchPriceHistory(): Promise<never> {
    return notSupported(this.id, 'fetch_price_history');
  }
  checkFunds(): Promise<never> {
    return notSupported(this.id, 'check_funds');
  }
  fetchEventTitles(): Promise<never> {
    return notSupported(this.id, 'fetch_event_titles');
  }
}
