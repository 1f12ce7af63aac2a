/**
 * Duplicate keys in a JSON body. JSON.parse keeps the last of `"size":1,"size":2`, so a client (or
 * a proxy that rewrites one of them) could have an order placed with a value other than the one a
 * reviewer or a log saw first; pmt refuses such a body instead of guessing.
 */

/** The first key that appears twice in one object of `text` (valid JSON), or null. */
export function duplicateKey(text: string): string | null {
  // Each open container: a Set of its keys (objects) or null (arrays).
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.has(key)) return key;
        top.add(key);
        expectKey = false;
      }
      i = j;
    } else if (ch === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === '[') {
      stack.push(null);
      expectKey = false;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      expectKey = false;
    } else if (ch === ',') {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return null;
}
