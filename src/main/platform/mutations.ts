/**
 * Operations that change state on the platform: POST /exchange and the loan PATCHes. Each is sent
 * exactly once (the client never repeats a POST or PATCH); the caller shows the outcome, and on a
 * timeout or network error the operator checks the platform before trying again.
 *
 * The five loan operations share one path and are selected by the request's media type.
 */
import type { z } from 'zod';
import type { ltvDryRunBody } from '../../shared/contract';
import type {
  ExchangeRequest,
  ExchangeResponse,
  LtvDryRunResult,
  Loan,
} from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { PlatformClient } from './client';
import type { CallOptions } from './operations';
import { path, safePath } from './query';
import { exchangeAnswer, jsonObject, loanObject } from './shape';

export const LOAN_MEDIA_TYPES = {
  estimateLtv: 'application/vnd.estimate-loan-ltv+json',
  cancelInterestPayment: 'application/vnd.cancel-interest-payment+json',
  acceptRepayment: 'application/vnd.accept-loan-repayment+json',
  confirmExternalDisbursement: 'application/vnd.confirm-external-disbursement+json',
  approve: 'application/vnd.approve-loan+json',
  ltvDryRun: 'application/vnd.calculate-ltv-dry-run+json',
} as const;

export interface CollateralAdjustment {
  amount: string;
  currency: string;
  mainCurrency: string;
  amountInUsd?: string;
}
export interface EstimateLtvBody {
  amount?: string;
  collaterals?: CollateralAdjustment[];
  includeInterest?: boolean;
}
export interface CancelInterestPaymentBody {
  loanAllocationId: string;
  effectiveDate?: string;
  portfolioId?: string;
}
export interface AcceptRepaymentBody {
  amount?: string;
  collateralPortfolioId?: string;
  effectiveDate?: string;
}
export interface ConfirmExternalDisbursementBody {
  loanAllocationId: string;
  collateralPortfolioId?: string;
}
export type LtvDryRunBody = z.infer<typeof ltvDryRunBody>;

/** Hyperliquid-shaped exchange action through the portfolio's agent wallet. */
export async function submitExchange(
  client: PlatformClient,
  body: ExchangeRequest,
  opts: CallOptions = {},
): Promise<Result<ExchangeResponse>> {
  return client.request<ExchangeResponse>({
    method: 'POST',
    path: '/exchange',
    body,
    expect: exchangeAnswer,
    signal: opts.signal,
  });
}

async function patchLoan(
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  contentType: string,
  body: object | undefined,
  opts: CallOptions,
): Promise<Result<Loan>> {
  const p = safePath(() => path`/organizations/${organizationId}/loans/${loanId}`);
  if (!p.ok) return p;
  return client.request<Loan>({
    method: 'PATCH',
    path: p.value,
    contentType,
    body,
    expect: loanObject,
    signal: opts.signal,
  });
}

export const estimateLoanLtv = (
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  body: EstimateLtvBody,
  opts: CallOptions = {},
): Promise<Result<Loan>> =>
  patchLoan(client, organizationId, loanId, LOAN_MEDIA_TYPES.estimateLtv, body, opts);

export const cancelInterestPayment = (
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  body: CancelInterestPaymentBody,
  opts: CallOptions = {},
): Promise<Result<Loan>> =>
  patchLoan(client, organizationId, loanId, LOAN_MEDIA_TYPES.cancelInterestPayment, body, opts);

export const acceptLoanRepayment = (
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  body: AcceptRepaymentBody,
  opts: CallOptions = {},
): Promise<Result<Loan>> =>
  patchLoan(client, organizationId, loanId, LOAN_MEDIA_TYPES.acceptRepayment, body, opts);

export const confirmExternalDisbursement = (
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  body: ConfirmExternalDisbursementBody,
  opts: CallOptions = {},
): Promise<Result<Loan>> =>
  patchLoan(client, organizationId, loanId, LOAN_MEDIA_TYPES.confirmExternalDisbursement, body, opts);

/** The specification gives approve no body: none is sent, and the signed body is ''. */
export const approveLoan = (
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  opts: CallOptions = {},
): Promise<Result<Loan>> =>
  patchLoan(client, organizationId, loanId, LOAN_MEDIA_TYPES.approve, undefined, opts);

export async function ltvDryRun(
  client: PlatformClient,
  organizationId: string,
  body: LtvDryRunBody,
  opts: CallOptions = {},
): Promise<Result<LtvDryRunResult>> {
  const p = safePath(() => path`/organizations/${organizationId}/loans`);
  if (!p.ok) return p;
  return client.request<LtvDryRunResult>({
    method: 'PATCH',
    path: p.value,
    contentType: LOAN_MEDIA_TYPES.ltvDryRun,
    body,
    expect: jsonObject,
    signal: opts.signal,
  });
}
