/**
 * A JSON number from the platform, kept with its exact digits.
 *
 * `JSON.parse` turns `1234567.123456789012345678` into 1234567.1234567891 and an exchange id above
 * 2^53 into a neighbouring integer. When an answer holds a JSON number where the specification
 * promises a string, or one that a JavaScript number cannot hold exactly, the main side re-reads
 * that answer with a lossless parser (src/main/platform/answers.ts) and puts this object where the
 * number was. It crosses the contract as plain data (structured clone keeps it), is shown with its
 * digits and a mark, and is never computed with nor used as a default for sending.
 */
export interface JsonNumberText {
  /** The number's digits exactly as the platform wrote them, e.g. "1234567.123456789012345678". */
  readonly jsonNumber: string;
}

/** Whether `value` is a number the lossless re-read kept with its digits. */
export function isJsonNumberText(value: unknown): value is JsonNumberText {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { jsonNumber?: unknown }).jsonNumber === 'string' &&
    Object.keys(value).length === 1
  );
}

/** Wraps the digits of a JSON number as the platform wrote them. */
export const jsonNumberText = (digits: string): JsonNumberText => ({ jsonNumber: digits });
