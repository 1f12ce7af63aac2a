/** Checks of credential values shared by `profile add` and the exchanges' own sections: each returns the problem as text (naming the field, never echoing the value) or null. */

/** API key ids and keys are UUID-like; accept any printable token. */
export function tokenProblem(field: string, value: string): string | null {
  const v = value.trim();
  if (v === '') return `${field} must not be empty`;
  if (v.length > 200 || /[\s\u0000-\u001f\u007f]/.test(v)) return `${field} must be one printable token without spaces`;
  return null;
}
