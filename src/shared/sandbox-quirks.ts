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
  /**
   * With emptyPageAtOffset: that page comes back empty only the first N times it is asked, then
   * with its rows (a hiccup rather than a hole). Without it, every time.
   */
  emptyPageTimes: positiveInt(1_000).optional(),
  /** Amount-like fields (AMOUNT_LIKE_FIELDS) are sent as JSON numbers; big ones as 1.5e+21. */
  numbersForStrings: z.boolean().optional(),
  /**
   * Every Nth platform request (signed and authenticated) answers 429 with this Retry-After:
   * `seconds` as a number of seconds (`form: 'seconds'`, the default) or as the HTTP date that
   * many seconds after the sandbox's clock (`form: 'http-date'`, RFC 9110 allows both).
   */
  retryAfter: z
    .strictObject({
      seconds: positiveInt(86_400),
      every: positiveInt(1_000_000),
      form: z.enum(['seconds', 'http-date']).optional(),
    })
    .optional(),
  /** ClearLoop answers without `pagination`, or with `pages: "1"`. */
  clearLoopPagination: z.enum(['missing', 'wrong']).optional(),
  /** `{agentWallets:[…]}` (the default), `[…]`, or `{data:[…]}`. */
  agentWalletsShape: z.enum(['wrapped', 'bare-array', 'data']).optional(),
  /** Error envelopes also carry `requestId` and a `details` string. */
  errorExtraFields: z.boolean().optional(),
  /** Portfolios' `isActive` null, every other wallet of a page without `totalBalance`. */
  nulls: z.boolean().optional(),

  // Nulls where the specification promises a value (issue 25, 1 and 3).
  /**
   * In every list answer (portfolios, wallets, crypto addresses, ClearLoop actions, activities,
   * loans, agent wallets) one row is `null`: the second of each page (the first of a one-row
   * page). It takes that row's place, so the page keeps its length and the row is not served.
   */
  nullRows: z.boolean().optional(),
  /**
   * Objects sent as `null`: a loan's `extra` (loans whose id hashes to 0 mod 3) or `embedded`
   * (1 mod 3), in lists and single reads alike; every portfolio's and crypto address's `extra`.
   */
  nullObjects: z.boolean().optional(),
  /** Every loan's `embedded.collaterals`, `counterparties` and `loanAllocations` start with a `null`. */
  nullEntries: z.boolean().optional(),

  // Rows that move while a walk reads them (issue 25, 2, 4 and 5).
  /**
   * Once per walk of loans, activities or crypto addresses (between its first page, offset 0, and
   * the next one asked) a row gets a newer `updatedAt` (an activity, which never changes, a newer
   * `createdAt`): `next-page` moves the first row of the page after the one asked for (not read
   * yet), `served` the last row already served. Loans are then ordered by the request's
   * `sortBy=updatedAt`/`sortDirection` (newest first moves the row to the top, oldest first to
   * the end); activities and addresses are newest first, so the row goes to the top. The change
   * is stored, as a real update would be (POST /sandbox/reset undoes it).
   */
  movingRows: z.enum(['next-page', 'served']).optional(),
  /**
   * Once per walk of loans, activities or crypto addresses (between its first page and the next
   * one asked, like movingRows) this many new rows arrive: copies of the list's first row under
   * new ids, newest of all. The total grows while the walk reads. (Once: rows arriving before
   * every page would keep an offset walk from ever reaching an empty page.)
   */
  growingTotal: positiveInt(1_000).optional(),
  /**
   * List rows come without their own id field (`loanId`, `activityId`, `cryptoAddressId`,
   * `portfolioId` of a portfolio, `walletId`, ClearLoop's `orderId`); with `ignoreOffset`, a walk
   * can only tell a repeated page by its content.
   */
  rowsWithoutIds: z.boolean().optional(),

  // Transport (issue 25, 11): what arrives on the wire around the JSON.
  /**
   * Every Nth platform request is answered, before the operation runs, with this status and an
   * HTML page (`text/html`), as a proxy in front of the platform would.
   */
  htmlError: z
    .strictObject({ status: z.union([z.literal(502), z.literal(503)]), every: positiveInt(1_000_000) })
    .optional(),
  /**
   * Every Nth platform request is answered, before the operation runs, with HTTP 200 and an error
   * envelope `{error: "service-unavailable", message: "…"}` as its body.
   */
  errorEnvelopeOk: z.strictObject({ every: positiveInt(1_000_000) }).optional(),
  /**
   * JSON answers are gzip-compressed: `labelled` says so with `Content-Encoding: gzip`,
   * `unlabelled` sends the compressed bytes without saying so.
   */
  gzip: z.enum(['labelled', 'unlabelled']).optional(),
  /** JSON answers start with a UTF-8 byte-order mark (EF BB BF). */
  bom: z.boolean().optional(),
  /**
   * Every Nth platform answer (after the operation ran) declares its full Content-Length, sends
   * half of its body and closes the connection.
   */
  cutOffBody: z.strictObject({ every: positiveInt(1_000_000) }).optional(),
  /**
   * Every Nth platform request is answered, before the operation runs, with this redirect:
   * `path` to the same path and query under `/moved/platform` (not served), `host` to the same
   * URL on the other loopback name (`localhost` for `127.0.0.1` and back), which does serve it.
   */
  redirect: z
    .strictObject({
      status: z.union([z.literal(301), z.literal(302), z.literal(307)]),
      to: z.enum(['path', 'host']),
      every: positiveInt(1_000_000),
    })
    .optional(),
  /**
   * Every answer's `Date` header is the sandbox's clock (its wall clock, the one its signature
   * check uses) plus this many ms. Without the quirk it is the sandbox's clock as it is.
   */
  dateSkewMs: z
    .number()
    .int()
    .min(-10 * 365 * 86_400_000)
    .max(10 * 365 * 86_400_000)
    .optional(),
  /** Every answer's `Date` header is text no parser reads as a date. */
  unreadableDate: z.boolean().optional(),

  // Values the specification does not list (issue 25, 7 and 10).
  /**
   * Loans whose id hashes to 0 mod 2 carry values the specification does not list: `status`
   * `on-hold`, `debtRatioStatus` `under-review`, and an allocation of `type` `rebalance`.
   */
  unknownEnums: z.boolean().optional(),
  /**
   * About one in three amount-like strings (AMOUNT_LIKE_FIELDS) of an answer, picked by position,
   * is replaced, in turn, by one of EXOTIC_AMOUNTS: hex, exponent, a plus sign, a leading space,
   * an exponent too large to expand. The others stay plain, so a total of the rest exists.
   */
  exoticAmounts: z.boolean().optional(),
  /** Every timestamp (a `…At` field holding epoch ms) is sent in seconds: `"1700000000"`. */
  secondsTimestamps: z.boolean().optional(),
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

/** The values `exoticAmounts` sends, in turn: each is read by decimal.js, none is a plain decimal. */
export const EXOTIC_AMOUNTS: readonly string[] = ['0x10', '1e3', '+5', ' 5', '1e100000'];

/** Readable zod issues: `retryAfter.every: Too small…`; for CLI and control refusals. */
export function describeQuirksError(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(quirks)'}: ${i.message}`)
    .join('; ');
}
