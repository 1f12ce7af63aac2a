/**
 * The approvals a wallet needs (contracts.ts `APPROVALS`): each spender's pUSD allowance (ERC-20)
 * and operator approval on the CTF and the V2 PositionManager (ERC-1155), read in one pass, and
 * the calls that set what is missing (an unlimited allowance, `setApprovalForAll(spender, true)`).
 */
import { encodeFunctionData, type PublicClient } from 'viem';
import type { ApprovalRow, ChainCall } from '../../onchain.js';
import type { Hex } from '../wallet.js';
import { APPROVALS, CTF_ABI, ERC20_ABI, MAX_UINT256, PUSD, TOKENS, type TokenName } from './contracts.js';
import { rpcError, units } from './ctx.js';

export async function readApprovals(pub: PublicClient, holder: Hex, x: { rpcShown: string }): Promise<ApprovalRow[]> {
  try {
    const balance = await pub.readContract({ address: PUSD, abi: ERC20_ABI, functionName: 'balanceOf', args: [holder] });
    const reads = await Promise.all(
      APPROVALS.map((a) =>
        TOKENS[a.token].standard === 'erc20'
          ? pub.readContract({ address: TOKENS[a.token].address, abi: ERC20_ABI, functionName: 'allowance', args: [holder, a.address] })
          : pub.readContract({ address: TOKENS[a.token].address, abi: CTF_ABI, functionName: 'isApprovedForAll', args: [holder, a.address] }),
      ),
    );
    return APPROVALS.map((a, i) => {
      const standard = TOKENS[a.token].standard;
      if (standard === 'erc1155') return { spender: a.address, name: a.name, token: a.token, standard, ok: reads[i] as boolean, allowance: null };
      const allowance = reads[i] as bigint;
      // Enough to spend the whole pUSD balance (an approval smaller than that blocks orders that need it).
      return { spender: a.address, name: a.name, token: a.token, standard, ok: allowance > 0n && allowance >= balance, allowance: allowance === MAX_UINT256 ? 'unlimited' : units(allowance) };
    });
  } catch (e) {
    throw rpcError(x, e, 'reading the approvals');
  }
}

/** One call per missing approval. */
export function approvalCalls(rows: ApprovalRow[]): ChainCall[] {
  return rows
    .filter((r) => !r.ok)
    .map((r) => {
      const token = TOKENS[r.token as TokenName];
      return r.standard === 'erc20'
        ? { kind: 'approve', what: `approve ${r.token} (unlimited) for ${r.name}`, to: token.address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [r.spender as Hex, MAX_UINT256] }), subject: r.spender, amount: '0' }
        : { kind: 'approve', what: `approve ${r.token} tokens (operator) for ${r.name}`, to: token.address, data: encodeFunctionData({ abi: CTF_ABI, functionName: 'setApprovalForAll', args: [r.spender as Hex, true] }), subject: r.spender, amount: '0' };
    });
}
