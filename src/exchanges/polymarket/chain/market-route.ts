/**
 * Which contracts a market's split, merge and redeem go through, and which token ids they must
 * yield (a market named by a bare condition id is looked up on Gamma by it; one Gamma does not
 * know is a standard CTF condition):
 *
 *   market            call                                       tokens (ledger)
 *   standard (v1)     CtfCollateralAdapter, CTF signatures, pUSD   CTF positions backed by USDC.e
 *   neg-risk (v1)     NegRiskCtfCollateralAdapter, same, pUSD      CTF positions backed by the Neg
 *                     (it goes through the Neg Risk Adapter)       Risk Adapter's wrapped collateral
 *   Protocol V2       Router split/merge/redeem(bytes31 …), pUSD   PositionManager ids: the bytes31
 *                                                                  condition + an outcome byte
 *
 * The ids Gamma publishes must be the ones the call yields, else nothing is sent (splitting with
 * pUSD on the CTF directly mints tokens that are not the market's).
 */
import type { PublicClient } from 'viem';
import { PmtError } from '../../../errors.js';
import type { Market } from '../../types.js';
import type { PolymarketClient } from '../client.js';
import { resolveMarketRef } from '../market-ref.js';
import { fetchMarkets } from '../markets.js';
import { protocolOf } from '../protocol.js';
import type { Hex } from '../wallet.js';
import { CTF, CTF_ABI, CTF_COLLATERAL_ADAPTER, NEG_RISK_COLLATERAL_ADAPTER, NEG_RISK_WCOL, USDCE, V2_POSITION_MANAGER, V2_ROUTER, type TokenName } from './contracts.js';
import { BINARY, ZERO32 } from './ctx.js';

export interface MarketRoute {
  kind: 'standard' | 'neg-risk' | 'v2';
  /** The market's slug, else its condition id (the journal's market). */
  subject: string;
  conditionId: Hex;
  /** Protocol V2: the Router's bytes31 condition id. */
  condition31?: Hex;
  /** What split/merge/redeem call (the adapter or the Router) and its name for people. */
  to: Hex;
  name: string;
  /** The ERC-1155 ledger holding the outcome tokens, and its approval's token name. */
  ledger: Hex;
  ledgerToken: TokenName;
  ids: [bigint, bigint];
  labels: [string, string];
}

/** The market as named on the command line, with Gamma's facts when Gamma knows it. */
async function marketOf(c: PolymarketClient, input: string): Promise<{ conditionId: Hex; slug: string | null; market: Market | null }> {
  const ref = await resolveMarketRef(c, input);
  if (ref.market) return { conditionId: ref.conditionId.toLowerCase() as Hex, slug: ref.slug, market: ref.market };
  const { markets } = await fetchMarkets(c, { market_tickers: [ref.conditionId], status: 'all' });
  const m = markets.find((x) => x.condition_id?.toLowerCase() === ref.conditionId.toLowerCase()) ?? null;
  return { conditionId: ref.conditionId.toLowerCase() as Hex, slug: m?.ticker ?? null, market: m };
}

export async function marketRoute(c: PolymarketClient, pub: PublicClient, input: string): Promise<MarketRoute> {
  const { conditionId, slug, market } = await marketOf(c, input);
  const subject = slug ?? conditionId;
  const outcomes = market?.outcomes ?? [];
  const labels = (outcomes.length === 2 ? outcomes.map((o) => o.label) : ['outcome 1', 'outcome 2']) as [string, string];
  const tokens = outcomes.map((o) => o.token_id).filter((t): t is string => !!t);
  if (market && outcomes.length !== 2) throw new PmtError('NotSupported', `${subject} has ${outcomes.length} outcomes; pmt splits, merges and redeems binary markets only`);
  if (market && protocolOf(market) === 'v2') return v2Route(subject, conditionId, tokens, labels);

  const slots = await pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getOutcomeSlotCount', args: [conditionId] });
  if (slots === 0n) throw new PmtError('MarketNotFound', `condition ${conditionId} is not prepared on the Conditional Tokens contract`);
  if (slots !== 2n) throw new PmtError('NotSupported', `condition ${conditionId} has ${slots} outcomes; pmt splits, merges and redeems binary conditions only`);
  const negRisk = market?.neg_risk === true;
  // A neg-risk market's tokens are backed by the Neg Risk Adapter's wrapped collateral; a standard one's by USDC.e.
  const collateral = negRisk ? NEG_RISK_WCOL : USDCE;
  const ids = (await Promise.all(
    BINARY.map(async (set) => pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getPositionId', args: [collateral, await pub.readContract({ address: CTF, abi: CTF_ABI, functionName: 'getCollectionId', args: [ZERO32, conditionId, set] })] })),
  )) as [bigint, bigint];
  if (tokens.length === 2 && !tokens.every((t, i) => t === ids[i]!.toString())) {
    throw new PmtError('Api', `the token ids of ${subject} are not the ${negRisk ? "Neg Risk Adapter's wrapped-collateral" : 'USDC.e-backed'} positions of condition ${conditionId}; nothing was sent`, {
      hint: 'check the market on Gamma (`pmt markets lineage polymarket:<slug>`)',
    });
  }
  return negRisk
    ? { kind: 'neg-risk', subject, conditionId, to: NEG_RISK_COLLATERAL_ADAPTER, name: 'Neg Risk Collateral Adapter', ledger: CTF, ledgerToken: 'CTF', ids, labels }
    : { kind: 'standard', subject, conditionId, to: CTF_COLLATERAL_ADAPTER, name: 'CTF Collateral Adapter', ledger: CTF, ledgerToken: 'CTF', ids, labels };
}

/**
 * A Protocol V2 market: its two position ids are one bytes31 condition id followed by the outcome
 * byte 0 and 1 (docs: /resources/onchain-position-data); Gamma's condition id is that condition
 * (bytes31, or bytes32 with the outcome byte). Anything else is refused before signing.
 */
function v2Route(subject: string, conditionId: Hex, tokens: string[], labels: [string, string]): MarketRoute {
  const ids = tokens.map((t) => BigInt(t));
  const c31 = ids.length === 2 ? ids[0]! >> 8n : -1n;
  if (ids.length !== 2 || (ids[0]! & 0xffn) !== 0n || ids[1] !== ids[0]! + 1n || c31 >= 1n << 248n) {
    throw new PmtError('Api', `the position ids of Protocol V2 market ${subject} are not one condition's outcomes 0 and 1; nothing was sent`);
  }
  const condition31 = `0x${c31.toString(16).padStart(62, '0')}` as Hex;
  const given = conditionId.toLowerCase();
  const consistent = given === condition31 || (given.length === 66 && given.slice(0, 64) === condition31 && /(00|01)$/.test(given));
  if (!consistent) {
    throw new PmtError('Api', `Protocol V2 market ${subject}: its condition id ${given} is not the condition of its position ids (${condition31}); nothing was sent`);
  }
  return { kind: 'v2', subject, conditionId, condition31, to: V2_ROUTER, name: 'Protocol V2 Router', ledger: V2_POSITION_MANAGER, ledgerToken: 'PositionManager', ids: ids as [bigint, bigint], labels };
}
