/**
 * The canonical form of an action's content, for the de-duplication key (dedup-key.ts states the
 * rules and why): sorted keys, plain decimals in their shortest exact form, hex lower-cased.
 */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const HEX = /^0x[0-9a-f]+$/i;

/**
 * A plain decimal string in its shortest exact form ("0100.50" → "100.5", "0.000" → "0");
 * any other string is returned unchanged.
 */
export function canonicalDecimal(text: string): string {
  const m = PLAIN_DECIMAL.exec(text);
  if (m === null) return text;
  const integer = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

function canonicalString(text: string): string {
  return HEX.test(text) ? text.toLowerCase() : canonicalDecimal(text);
}

/** The value with sorted keys, normalised strings and JSON's treatment of everything else. */
export function canonicalValue(value: unknown): unknown {
  if (typeof value === 'string') return canonicalString(value);
  if (Array.isArray(value))
    return value.map((v) => {
      const c = canonicalValue(v);
      return c === undefined ? null : c; // as JSON.stringify writes a hole or an undefined entry
    });
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const c = canonicalValue((value as Record<string, unknown>)[k]);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value; // number, boolean, null, undefined (a bigint makes JSON.stringify throw, as it would on send)
}
