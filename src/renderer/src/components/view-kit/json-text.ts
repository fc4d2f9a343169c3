import type { z } from 'zod';

export type JsonTextCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * JSON typed by the operator, checked in two steps: it must parse, then pass the schema. The
 * message says which step failed; `describe` words the schema's first issue for its form.
 */
export function parseJsonText<T>(
  text: string,
  schema: z.ZodType<T>,
  describe: (issue: z.core.$ZodIssue | undefined) => string,
): JsonTextCheck<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: describe(parsed.error.issues[0]) };
}
