/**
 * The two PATCHes that change nothing: the LTV estimate (`estimate-loan-ltv`, on one loan) and the
 * LTV dry run (`calculate-ltv-dry-run`, on the organization's loans). They are reads (issue 27):
 * one round trip through the contract's `loans.estimateLtv` / `loans.ltvDryRun`, sent once like
 * every PATCH (the client never repeats one), and not journalled as actions.
 *
 * Their exact request is shown before it is sent. The renderer builds the preview with the same
 * functions the main side builds what it signs and sends (src/main/platform/operations.ts), from
 * the same input, so what is shown is what is sent; the answer carries the request as sent, which
 * the view shows beside the answer.
 */
import { z } from 'zod';
import { positiveAmount } from './amounts';
import { id } from './contract-inputs';
import { LOAN_OPERATION_MEDIA_TYPES, LTV_DRY_RUN_MEDIA_TYPE } from './platform/media-types';
import { fail, ok, type Result } from './result';

/** The largest operator-written JSON body (the LTV dry run) the console signs. */
export const MAX_FREE_BODY_BYTES = 16 * 1024;

export const collateralAdjustment = z.strictObject({
  amount: positiveAmount,
  currency: id,
  mainCurrency: id,
  amountInUsd: positiveAmount.optional(),
});

/** A JSON object typed by the operator, for bodies whose fields the specification does not show. */
export const freeJsonBody = z.record(z.string(), z.unknown()).refine((v) => {
  try {
    return JSON.stringify(v).length <= MAX_FREE_BODY_BYTES;
  } catch {
    return true; // not JSON at all (a BigInt, a cycle): the router's plain-data check names it
  }
}, `must be at most ${MAX_FREE_BODY_BYTES} bytes`);

/** The estimate's fields (the contract adds `workspaceId`). */
export const estimateLtvInput = z.strictObject({
  loanId: id,
  amount: positiveAmount.optional(),
  collaterals: z.array(collateralAdjustment).max(50).optional(),
  includeInterest: z.boolean().optional(),
});
export type EstimateLtvInput = z.infer<typeof estimateLtvInput>;

/** The dry run's body, written by the operator: the specification does not show its fields. */
export const ltvDryRunInput = z.strictObject({ body: freeJsonBody });
export type LtvDryRunInput = z.infer<typeof ltvDryRunInput>;

/** A read's request, exactly as it is signed and sent: the path relative to the base URL. */
export interface ReadRequest {
  method: 'PATCH';
  path: string;
  contentType: string;
  /** The body's bytes. */
  body: string;
}

/** What the answer carries: the platform's answer, and the request as it was sent (full URL). */
export interface LtvRead<T> {
  answer: T;
  sent: Omit<ReadRequest, 'path'> & { url: string };
}

/**
 * One path segment, encoded as the platform client encodes every segment (src/main/platform/query.ts:
 * encodeURIComponent and `!'()*`); `.`, `..` and the empty string are refused, as there.
 */
function segment(value: string): Result<string> {
  if (value === '' || value === '.' || value === '..')
    return fail('bad-input', `"${value}" is not a valid path segment`);
  return ok(
    encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

function loansPath(organizationId: string, loanId?: string): Result<string> {
  const org = segment(organizationId);
  if (!org.ok) return org;
  if (loanId === undefined) return ok(`/organizations/${org.value}/loans`);
  const loan = segment(loanId);
  return loan.ok ? ok(`/organizations/${org.value}/loans/${loan.value}`) : loan;
}

/**
 * `PATCH /organizations/{organizationId}/loans/{loanId}` with `estimate-loan-ltv`: the fields the
 * operator gave, in this order; one left out is not sent.
 */
export function estimateLtvRequest(organizationId: string, input: EstimateLtvInput): Result<ReadRequest> {
  const p = loansPath(organizationId, input.loanId);
  if (!p.ok) return p;
  const body = Object.fromEntries(
    Object.entries({
      amount: input.amount,
      collaterals: input.collaterals,
      includeInterest: input.includeInterest,
    }).filter(([, v]) => v !== undefined),
  );
  return ok({
    method: 'PATCH',
    path: p.value,
    contentType: LOAN_OPERATION_MEDIA_TYPES.estimateLtv,
    body: JSON.stringify(body),
  });
}

/** `PATCH /organizations/{organizationId}/loans` with `calculate-ltv-dry-run`: the body as written. */
export function ltvDryRunRequest(organizationId: string, input: LtvDryRunInput): Result<ReadRequest> {
  const p = loansPath(organizationId);
  if (!p.ok) return p;
  return ok({
    method: 'PATCH',
    path: p.value,
    contentType: LTV_DRY_RUN_MEDIA_TYPE,
    body: JSON.stringify(input.body),
  });
}

/** The full URL of a path under a workspace's base URL, as the platform client forms it. */
export function readUrl(baseUrl: string, path: string): string {
  try {
    const base = new URL(baseUrl);
    return base.origin + base.pathname.replace(/\/+$/, '') + path;
  } catch {
    return baseUrl + path;
  }
}
