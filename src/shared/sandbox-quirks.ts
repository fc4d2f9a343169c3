/**
 * The sandbox's quirks mode: answers shaped the way a real platform can answer (capped pages,
 * repeated rows, numbers for amounts, 429s...). The sandbox produces them; the console's
 * client-side handling is tested against them, so both sides import these names from here.
 */
import { z } from 'zod';

const positiveInt = (max: number) => z.number().int().min(1).max(max);

export const sandboxQuirksSchema = z.strictObject({
  /** Every list page holds at most this many rows, whatever `limit` asked. */
  pageCap: positiveInt(100_000).optional(),
  /** Each page after the first starts with the last K rows of the previous page. */
  repeatRows: positiveInt(10_000).optional(),
  /** List operations answer the first page whatever `offset` says. */
  ignoreOffset: z.boolean().optional(),
  /** The page that starts at this offset comes back empty (later ones do not). */
  emptyPageAtOffset: z.number().int().min(0).max(100_000_000).optional(),
  /** Amount-like fields (AMOUNT_LIKE_FIELDS) are sent as JSON numbers; big ones as 1.5e+21. */
  numbersForStrings: z.boolean().optional(),
  /** Every Nth platform request (signed and authenticated) answers 429 with this Retry-After. */
  retryAfter: z.strictObject({ seconds: positiveInt(86_400), every: positiveInt(1_000_000) }).optional(),
  /** ClearLoop answers without `pagination`, or with `pages: "1"`. */
  clearLoopPagination: z.enum(['missing', 'wrong']).optional(),
  /** `{agentWallets:[…]}` (the default), `[…]`, or `{data:[…]}`. */
  agentWalletsShape: z.enum(['wrapped', 'bare-array', 'data']).optional(),
  /** Error envelopes also carry `requestId` and a `details` string. */
  errorExtraFields: z.boolean().optional(),
  /** Portfolios' `isActive` null, every other wallet of a page without `totalBalance`. */
  nulls: z.boolean().optional(),
});

export type SandboxQuirks = z.infer<typeof sandboxQuirksSchema>;

/** Fields sent as JSON numbers under `numbersForStrings` (wherever they appear in an answer). */
export const AMOUNT_LIKE_FIELDS: readonly string[] = [
  'amount',
  'amountInUsd',
  'balance',
  'available',
  'locked',
  'reserve',
  'stakeBalance',
  'totalBalance',
  'debtRatio',
  'usdAmount',
  'unrealisedAmount',
  'originalLoanAmount',
  'loanAmount',
  'loanValueUsd',
  'collateralValueUsd',
  'ltv',
];

/** Readable zod issues: `retryAfter.every: Too small…`; for CLI and control refusals. */
export function describeQuirksError(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(quirks)'}: ${i.message}`)
    .join('; ');
}
