/**
 * The interface's error object, exactly `{kind, message}`: what `--json` prints on stderr for a
 * failure and what `pmt serve` answers with (see market.ts for how a definition serves the type,
 * serve's schema and the tests).
 */
import type { Static } from '@sinclair/typebox';
import { ERROR_KINDS } from './enums.js';
import { Model, Str, StringEnum } from './kit.js';

export const ErrorObjectSchema = Model('Error', 'The error object', {
  kind: StringEnum(ERROR_KINDS),
  message: Str('What went wrong, in words'),
});
export type ErrorObject = Static<typeof ErrorObjectSchema>;
