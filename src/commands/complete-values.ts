/**
 * Values no script can list in advance: profile names (the profile store) and outcome labels (Yes
 * and No, and the named market's own labels). They are marked here on the Commander options and
 * arguments that take them; the generated scripts then ask `pmt __complete <kind>` at Tab time
 * (complete.ts), as gh's scripts ask `gh __complete`.
 */
import type { Argument, Option } from 'commander';

export const DYNAMIC_KINDS = ['profiles', 'outcomes'] as const;
export type DynamicKind = (typeof DYNAMIC_KINDS)[number];

const marks = new WeakMap<Option | Argument, DynamicKind>();

/** Mark an option or argument as completed by `pmt __complete <kind>`; returns it for chaining. */
export function completedBy<T extends Option | Argument>(x: T, kind: DynamicKind): T {
  marks.set(x, kind);
  return x;
}

/** The kind of values `pmt __complete` offers for this option or argument, if any. */
export function dynamicKind(x: Option | Argument): DynamicKind | undefined {
  return marks.get(x);
}
