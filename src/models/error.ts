/**
 * The interface's error object, exactly `{kind, message}`: what `--json` prints on stderr for a
 * failure and what `pmt serve` answers with (see market.ts for how a definition serves the type,
 * serve's schema and the tests).
 */
import type { Static } from '@sinclair/typebox';
import { ERROR_KINDS } from './enums.js';
import { Type } from '@sinclair/typebox';
import { Model, Str, StringEnum } from './kit.js';

export const ErrorObjectSchema = Model('Error', 'The error object', {
  kind: StringEnum(ERROR_KINDS),
  message: Str('What went wrong, in words'),
});

/**
 * The error object of a RiskLimit refusal (exit 11, serve 403): the limit that refused, its
 * configured value, and what the action would have made it (`trading`: value "off").
 */
export const RiskLimitErrorSchema = Model('RiskLimitError', 'A refusal by a configured risk limit (nothing was sent)', {
  kind: StringEnum(['RiskLimit'] as const),
  message: Str('What went wrong, in words'),
  limit: StringEnum(['max_order_notional', 'max_daily_notional', 'max_open_orders', 'max_position', 'allowed_exchanges', 'allowed_markets', 'trading'] as const, 'The limit that refused'),
  value: Type.Union([Type.Number(), Type.String(), Type.Array(Type.String())], { description: 'The configured limit' }),
  would_be: Type.Union([Type.Number(), Type.String()], { description: 'What the action would have made it' }),
});
export type RiskLimitErrorObject = Static<typeof RiskLimitErrorSchema>;

export type ErrorObject = Static<typeof ErrorObjectSchema>;
