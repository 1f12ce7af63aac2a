/**
 * Read-only routes of issue 25 (docs/spec-additions.md): the wallet's approvals (on chain), the
 * doctor's checks, and Kalshi's settlements; the same ops as `pmt approvals`, `pmt doctor` and
 * `pmt settlements`. Sending transactions stays on the CLI (it previews and confirms).
 */
import { doctor } from '../ops/doctor.js';
import { approvalsCheck } from '../ops/onchain.js';
import { settlements } from '../ops/settlements.js';
import type { RouteDef } from './route-def.js';
import type { JsonSchema } from './schemas.js';
import { routeOf } from './route-def.js';

const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });
const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullable = (t: string, description: string): JsonSchema => ({ type: [t, 'null'], description });
const upstream = [429, 500, 501, 502];

const Approval = object(
  {
    spender: str('Contract allowed to move the tokens'),
    name: str('Its name'),
    token: str('`pUSD` (ERC-20) or `CTF` (ERC-1155 outcome tokens)'),
    standard: { type: 'string', enum: ['erc20', 'erc1155'] },
    ok: { type: 'boolean' },
    allowance: nullable('string', 'ERC-20 allowance in token units (`unlimited` for the maximum); null for an ERC-1155 operator'),
  },
  ['spender', 'name', 'token', 'standard', 'ok', 'allowance'],
);
const Check = object({ check: str('What was checked'), ok: { type: 'boolean' }, detail: str('What was found'), fix: nullable('string', 'The fix when not ok') }, ['check', 'ok', 'detail', 'fix']);
const Settlement = object(
  {
    exchange: str('Exchange'),
    market_ticker: str('Market'),
    event_ticker: nullable('string', 'Event'),
    result: str('`yes`, `no`, `scalar` or `void`'),
    yes_count: str('YES contracts held at settlement'),
    no_count: str('NO contracts held at settlement'),
    cost: str('Cost basis, dollars'),
    payout: str('Paid out, dollars'),
    fees: str('Fees, dollars'),
    net: str('payout − cost − fees, dollars'),
    settled_time: nullable('string', 'When it settled (ISO 8601)'),
  },
  ['exchange', 'market_ticker', 'event_ticker', 'result', 'yes_count', 'no_count', 'cost', 'payout', 'fees', 'net', 'settled_time'],
);

export const CHAIN_ROUTES: RouteDef[] = [
  {
    ...routeOf('fetch_approvals'),
    tag: 'Account',
    summary: "Each spender's permission to move the wallet's collateral and outcome tokens (Polymarket, on chain)",
    response: { type: 'array', items: Approval },
    errors: upstream,
    handler: async (svc, { input }) => ({ body: (await approvalsCheck(svc, input)).rows }),
  },
  {
    ...routeOf('doctor'),
    tag: 'Account',
    summary: 'Why an account cannot trade, and the fix, per exchange (200 either way: read `ok`)',
    response: { type: 'object', additionalProperties: { type: 'array', items: Check } },
    errors: upstream,
    handler: async (svc, { input }) => ({ body: (await doctor(svc, input)).exchanges }),
  },
  {
    ...routeOf('fetch_settlements'),
    tag: 'Account',
    summary: 'Settled markets: result, payout, fees and net, newest first (Kalshi)',
    response: { type: 'array', items: Settlement },
    errors: upstream,
    handler: async (svc, { input }) => ({ body: await settlements(svc, input) }),
  },
];
