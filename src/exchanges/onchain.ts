/**
 * What an exchange with on-chain account actions offers (Polymarket: token approvals, split,
 * merge and redeem on Polygon), as data the ops layer works with. The exchange's manifest names
 * the module (`onchain`), loaded only by the commands that need it; the rules (preview, confirm,
 * journal, at most one send) live in ops/onchain.ts.
 */


/** One spender's approval of one token (`pmt approvals --json`). */
export interface ApprovalRow {
  spender: string;
  name: string;
  token: string;
  standard: 'erc20' | 'erc1155';
  ok: boolean;
  /** The ERC-20 allowance in token units (`unlimited` for the maximum), null for an ERC-1155 operator. */
  allowance: string | null;
}

export type ChainActionKind = 'approve' | 'split' | 'merge' | 'redeem';

/** One contract call the wallet makes (sent as one transaction). */
export interface ChainCall {
  kind: ChainActionKind;
  /** For people: "approve pUSD for CTF Exchange V2". */
  what: string;
  /** The contract called (for a Safe or proxy route, the wallet forwards to it). */
  to: string;
  data: string;
  /** The market (slug or condition id) or token it concerns, for the journal. */
  subject: string;
  /** Collateral amount in token units (size in the journal), 0 for an approval. */
  amount: string;
}

/** What will be sent, for the preview and the confirmation. */
export interface ChainPlan {
  /** Whose tokens: the wallet that holds them (funder or EOA). */
  holder: string;
  /** Who signs and pays gas: the EOA. */
  sender: string;
  /** How the call reaches the holder: `eoa`, `gnosis-safe (execTransaction)`, `proxy (factory)`, the relayer (deposit wallet). */
  route: string;
  calls: ChainCall[];
  /** What is spent and received, one line each (token units). */
  spend: string[];
  receive: string[];
  /** Estimated gas cost in POL (paid by `sender`), null when nothing is sent. */
  gas_pol: string | null;
  /** A deposit wallet's calls: Polymarket's relayer pays the gas (`gas_pol` is then "0"). */
  gas_paid_by_relayer?: boolean;
  chain_id: number;
}

export interface ChainSent {
  call: ChainCall;
  hash: string;
  status: 'confirmed' | 'reverted';
  block: string | null;
  /** A relayed transaction's id at the relayer (deposit wallets); the journal's `order_id`. */
  relay_id?: string;
}

export interface DoctorCheck {
  check: string;
  ok: boolean;
  detail: string;
  fix: string | null;
}

export interface PositionRequest {
  action: Exclude<ChainActionKind, 'approve'>;
  /** A market slug or a condition id (0x + 64 hex); ignored with `all`. */
  market: string;
  /** Redeem: every resolved position the exchange lists as redeemable. */
  all?: boolean;
  /** Collateral units (split) or sets (merge); default: what the wallet holds (merge, redeem). */
  size?: string;
}

export interface Onchain {
  approvals(): Promise<ApprovalRow[]>;
  /** The calls that set every missing approval (no calls when all are set). */
  planApprovals(rows: ApprovalRow[]): Promise<ChainPlan>;
  planPosition(req: PositionRequest): Promise<ChainPlan>;
  /**
   * Before anything is signed: the RPC's chain id (Config naming it), the sender's gas money
   * (InsufficientFunds naming POL); fills `plan.gas_pol`.
   */
  preflight(plan: ChainPlan): Promise<void>;
  /**
   * Send one call, once: `onSent` runs as soon as it has left (the hash; for a relayed call the
   * relayer's transaction id, and the hash when the relayer gives one), before the receipt is
   * awaited; a receipt that does not come in time throws NetworkError (ambiguous) naming the hash.
   */
  send(plan: ChainPlan, call: ChainCall, onSent: (hash: string | null, relayId?: string) => void): Promise<ChainSent>;
  /** Why this account cannot trade, from the chain (rpc, wallet, collateral, approvals, gas or relayer). */
  doctor(): Promise<DoctorCheck[]>;
}

/** Built over the exchange's adapter (an `Exchange`; typed loosely to keep types.ts free of a cycle). */
export type OnchainFactory = (ex: object) => Onchain;
