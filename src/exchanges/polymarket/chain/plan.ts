/** A plan for the preview and the confirmation: who holds, who signs, by which route, what is spent and received. */
import type { ChainCall, ChainPlan } from '../../onchain.js';
import { POLYGON_CHAIN_ID } from './contracts.js';
import { ROUTE_TEXT, routeOf, type Ctx } from './ctx.js';

export function plan(x: Ctx, calls: ChainCall[], spend: string[], receive: string[]): ChainPlan {
  return { holder: x.holder, sender: x.account.address, route: ROUTE_TEXT[routeOf(x.w)], calls, spend, receive, gas_pol: null, chain_id: POLYGON_CHAIN_ID };
}
