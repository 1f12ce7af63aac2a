/**
 * A small wrapper over @inquirer/prompts (imported only when a prompt is actually shown). Every
 * prompt goes through a `Prompter`, so flows can be unit-tested with a scripted fake, and Ctrl-C
 * (inquirer's ExitPromptError) becomes `cancelledError()`: exit 130, nothing sent.
 */
import type { Writable } from 'node:stream';
import { cancelledError, PmtError } from '../errors.js';
import { safeBlock, sanitize } from '../safe-text.js';
import type { IO } from './io.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  checked?: boolean;
}

export interface InputOptions {
  message: string;
  default?: string;
  /** Runs on submit (may be async); return true or the message to show. */
  validate?: (value: string) => true | string | Promise<true | string>;
  /** Runs on every keystroke: what is shown next to the typed text (live hints). */
  transformer?: (value: string, state: { isFinal: boolean }) => string;
}

/** The prompts pmt uses. A real one talks to the terminal; tests script a fake. */
export interface Prompter {
  input(opts: InputOptions): Promise<string>;
  /** Typed text is masked and never echoed. */
  password(opts: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  select<T>(opts: { message: string; choices: Choice<T>[]; default?: T }): Promise<T>;
  checkbox<T>(opts: { message: string; choices: Choice<T>[]; required?: boolean }): Promise<T[]>;
  confirm(opts: { message: string; default?: boolean }): Promise<boolean>;
}

/** Inquirer's Ctrl-C / abort errors become "cancelled" (exit 130); anything else passes through. */
export function mapPromptError(err: unknown): unknown {
  if (err instanceof PmtError) return err;
  const name = err instanceof Error ? err.name : '';
  if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError') {
    return cancelledError('cancelled at the prompt; nothing was sent');
  }
  return err;
}

async function guard<T>(p: () => Promise<T>): Promise<T> {
  try {
    return await p();
  } catch (e) {
    throw mapPromptError(e);
  }
}

/**
 * Prompts on the terminal. `toStderr` draws them on stderr (used with --json so stdout carries
 * only the JSON document).
 */
/** Prompt text may quote upstream strings (market titles, outcomes): one line, no escapes. */
const line = (s: string) => sanitize(s);
const lines = (s: string) => safeBlock(s);
type Validate = ((value: string) => true | string | Promise<true | string>) | undefined;
const safeValidate = (v: Validate) => (v ? async (value: string) => { const r = await v(value); return r === true ? true : line(r); } : undefined);
const safeChoices = <T>(cs: Choice<T>[]) => cs.map((c) => ({ name: line(c.name), value: c.value, description: c.description === undefined ? undefined : line(c.description), checked: c.checked }));

/**
 * Prompts on the terminal. `toStderr` draws them on stderr (used with --json so stdout carries
 * only the JSON document). Every text shown (messages, choices, defaults, validation messages,
 * live hints) goes through the one sanitizer: a market title cannot drive the terminal.
 */
export function terminalPrompter(io: IO, opts: { toStderr?: boolean } = {}): Prompter {
  const output = (opts.toStderr ? io.stderr : io.stdout) as Writable;
  const context = { input: process.stdin, output, clearPromptOnDone: false };
  const lib = () => import('@inquirer/prompts');
  return {
    input: (o) =>
      guard(async () =>
        (await lib()).input(
          {
            message: line(o.message),
            default: o.default === undefined ? undefined : line(o.default),
            validate: safeValidate(o.validate),
            transformer: o.transformer ? (v, st) => lines(o.transformer!(v, st)) : undefined,
            theme: { validationFailureMode: 'keep' },
          },
          context,
        ),
      ),
    password: (o) => guard(async () => (await lib()).password({ message: line(o.message), mask: '*', validate: safeValidate(o.validate) }, context)),
    select: <T>(o: { message: string; choices: Choice<T>[]; default?: T }) =>
      guard(async () =>
        (await lib()).select<T>({ message: line(o.message), choices: safeChoices(o.choices).map(({ checked: _c, ...c }) => c), default: o.default }, context),
      ),
    checkbox: <T>(o: { message: string; choices: Choice<T>[]; required?: boolean }) =>
      guard(async () =>
        (await lib()).checkbox<T>(
          { message: line(o.message), required: o.required, choices: safeChoices(o.choices).map(({ description: _d, ...c }) => c) },
          context,
        ),
      ),
    confirm: (o) => guard(async () => (await lib()).confirm({ message: line(o.message), default: o.default ?? false }, context)),
  };
}
