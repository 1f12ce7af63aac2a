/**
 * Inputs of pmt's own MCP tools (those with no REST route: the local journal and the risk
 * limits). The routed operations' inputs are serve's request schemas (serve/operations.ts).
 */
import { Type, type TObject } from '@sinclair/typebox';

export const INPUTS: Record<string, TObject> = {
  fetch_journal: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: 'Only the last N entries' })) }, { additionalProperties: false }),
  fetch_risk: Type.Object({}, { additionalProperties: false }),
};
