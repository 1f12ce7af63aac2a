/** Views of on-chain actions: the approvals table, a plan's preview, what was sent. */
import type { ApprovalRow, ChainPlan, ChainSent, DoctorCheck } from '../../exchanges/types.js';
import type { IO } from '../io.js';
import { printTable } from '../table.js';

export async function printApprovals(io: IO, rows: ApprovalRow[]): Promise<void> {
  const cols = ['SPENDER', 'NAME', 'TOKEN', 'STANDARD', 'OK', 'ALLOWANCE'].map((header) => ({ header, flex: header === 'NAME' }));
  await printTable(io, cols, rows.map((r) => [r.spender, r.name, r.token, r.standard, r.ok ? 'yes' : 'NO', r.allowance ?? (r.ok ? 'operator' : '-')]));
}

/** The preview lines of a plan (what is sent, spent, received, the gas). */
export function planLines(p: ChainPlan): string[] {
  const lines = [`wallet ${p.holder} via ${p.route}; signed by ${p.sender} on chain ${p.chain_id}`];
  p.calls.forEach((c, i) => lines.push(`  ${i + 1}. ${c.what}  (to ${c.to})`));
  if (p.spend.length) lines.push(`spend:   ${p.spend.join(', ')}`);
  if (p.receive.length) lines.push(`receive: ${p.receive.join(', ')}`);
  if (p.gas_pol !== null) lines.push(p.gas_paid_by_relayer ? "gas:     paid by Polymarket's relayer (no POL needed)" : `gas:     about ${p.gas_pol} POL, paid by ${p.sender}`);
  return lines;
}

export function sentLines(sent: ChainSent[]): string[] {
  return sent.map((s) => `${s.status}  ${s.hash}  ${s.call.what}${s.block ? ` (block ${s.block})` : ''}`);
}

export async function printDoctor(io: IO, byExchange: Record<string, DoctorCheck[]>): Promise<void> {
  for (const [id, checks] of Object.entries(byExchange)) {
    io.out(`${id}:`);
    for (const c of checks) {
      io.out(`  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.check.padEnd(12)} ${c.detail}`);
      if (!c.ok && c.fix) io.out(`        fix: ${c.fix}`);
    }
  }
}
