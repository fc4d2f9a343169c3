/**
 * What may reach a handler after the schema has parsed it: plain JSON data. Schemas leave some
 * places open (`uiState`, an exchange action's extra fields), and Electron's structured clone
 * carries more than JSON can: a BigInt or a cycle makes the platform client's JSON.stringify throw,
 * a lone UTF-16 surrogate makes encodeURIComponent throw, a Map or a Date silently becomes `{}` in
 * a request body. Refusing them here, once, keeps every handler (present and future) from
 * meeting them. The walk is iterative and bounded, so a hostile input cannot exhaust the stack.
 */

/** Deeper than any screen state or platform body the app builds. */
export const MAX_DEPTH = 64;
/** Values looked at before giving up; a 256 KB uiState holds far fewer. */
const MAX_NODES = 200_000;
const LONE_SURROGATE = /\p{Cs}/u;

/** Returns what is wrong (naming the field), or null when `value` is plain JSON data. */
export function plainDataProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: 'input', depth: 0 }];
  const seen = new Set<object>();
  for (let visited = 0; stack.length > 0; visited++) {
    if (visited > MAX_NODES) return 'input: is too large';
    const { value: current, path, depth } = stack.pop()!;
    switch (typeof current) {
      case 'string':
        if (LONE_SURROGATE.test(current))
          return `${path}: must be well-formed text (it has a lone surrogate)`;
        continue;
      case 'number':
      case 'boolean':
      case 'undefined':
        continue;
      case 'object':
        break;
      default:
        return `${path}: must be plain JSON data, not a ${typeof current}`;
    }
    if (current === null) continue;
    if (depth >= MAX_DEPTH) return `${path}: is nested more than ${MAX_DEPTH} levels deep`;
    if (seen.has(current)) return `${path}: must be plain JSON data (it refers back to itself)`;
    seen.add(current);
    const proto: unknown = Object.getPrototypeOf(current);
    if (!Array.isArray(current) && proto !== Object.prototype && proto !== null)
      return `${path}: must be plain JSON data, not a ${current.constructor?.name ?? 'special object'}`;
    for (const [key, child] of Object.entries(current)) {
      if (LONE_SURROGATE.test(key)) return `${path}: has a key that is not well-formed text`;
      stack.push({ value: child, path: `${path === 'input' ? '' : `${path}.`}${key}`, depth: depth + 1 });
    }
  }
  return null;
}
