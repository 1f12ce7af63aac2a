// No imports: the command tree uses this at start-up (`--ticker A,B`), before validation loads.
/**
 * A comma-separated list of ids ("A, B"): spaces next to a comma are separators; any other space
 * or control character stays in its id for parseId to refuse ("KXA\t" is not quietly "KXA"). A
 * value with no id at all ("", " , ") gives [""], so an empty shell variable is refused rather
 * than widening a lookup to the whole catalogue.
 */
export function splitIds(value: string): string[] {
  const parts = value.split(/ *, */).filter(Boolean);
  return parts.length ? parts : [''];
}
