/**
 * Builds the exact request of each kind of action, after checking it with the shared rules
 * (src/shared/loan-actions.ts): refused only on what the specification states (who may, approve's
 * state, a repayment request your own side made, accept-repayment at most the request's amount) or
 * a field the request cannot be built without; what the console only expects becomes a warning in
 * the confirmation. What is built here is what the confirmation shows and what `execute` signs and
 * sends, byte for byte.
 */
import type { ActionInput, PreparedAction } from '../../shared/actions';
import { amountAtMost } from '../../shared/amounts';
import { describeExchangeAction, expectedStatuses, type ExchangeAction } from '../../shared/exchange-actions';
import {
  LOAN_OPERATIONS,
  LTV_DRY_RUN_MEDIA_TYPE,
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanSide,
  repaymentAmountDefault,
  repaymentCeiling,
  type LoanOperation,
  type Verdict,
} from '../../shared/loan-actions';
import type { Loan, LoanAllocation } from '../../shared/platform/resources';
import { isJsonNumberText } from '../../shared/json-number';
import { fail, ok, type Result } from '../../shared/result';
import type { PlatformClient } from '../platform/client';
import type { Signer } from '../keychain/key-store';
import { getLoan } from '../platform/operations';
import { path, safePath } from '../platform/query';
import { exchangeAnswer, jsonObject, loanObject, type Expect } from '../platform/shape';

/**
 * What the confirmation shows (the fields of `PreparedAction`) and what `execute` signs and sends:
 * the request with its path, which the confirmation shows as a full URL.
 */
export type BuiltRequest = Pick<PreparedAction, 'title' | 'changesState' | 'target' | 'fields' | 'context'> &
  Omit<PreparedAction['request'], 'url'> & {
    /** What the console expected and did not see; the confirmation shows them (absent: none). */
    warnings?: string[];
    path: string;
    expect: Expect;
    /** What "Check now" needs later: the loan and allocation acted on. */
    check: { loanId?: string; loanAllocationId?: string; entries?: number };
  };

export interface BuildContext {
  client: PlatformClient;
  organizationId: string;
  /** The next exchange nonce for this workspace (strictly increasing milliseconds). */
  nextNonce(): number;
}

/** Every leaf of a JSON value as `name = value`, in the order it will be sent. */
export function flattenFields(value: unknown, prefix = ''): { name: string; value: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flattenFields(v, `${prefix}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => flattenFields(v, prefix ? `${prefix}.${k}` : k));
  }
  return [{ name: prefix || '(body)', value: typeof value === 'string' ? value : JSON.stringify(value) }];
}

/** The object without its undefined fields: an optional field the operator left out is not sent. */
function definedOnly<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

const refuse = (message: string, field?: string) =>
  fail('bad-input', message, field !== undefined ? { field } : {});

/** An allocation's amount as the confirmation shows it: a JSON number is marked, never computed. */
function amountText(a: LoanAllocation): string {
  const raw: unknown = (a as { amount?: unknown }).amount;
  const amount = isJsonNumberText(raw)
    ? `${raw.jsonNumber} (a JSON number)`
    : typeof raw === 'number'
      ? `${String(raw)} (a JSON number, possibly rounded)`
      : String(raw);
  return `${amount} ${String(a.currency)}`;
}

async function loanPatch(
  ctx: BuildContext,
  op: LoanOperation,
  loan: Loan,
  body: Record<string, string | boolean | unknown[]> | null,
  extra: Partial<BuiltRequest>,
): Promise<Result<BuiltRequest>> {
  const p = safePath(() => path`/organizations/${ctx.organizationId}/loans/${loan.loanId}`);
  if (!p.ok) return p;
  const side = loanSide(loan, ctx.organizationId);
  const spec = LOAN_OPERATIONS[op];
  return ok({
    title: spec.title,
    changesState: spec.changesState,
    target: `Loan ${loan.loanId}`,
    method: 'PATCH',
    path: p.value,
    contentType: spec.mediaType,
    body: body === null ? null : JSON.stringify(body),
    fields: body === null ? [] : flattenFields(body),
    context: [
      ...(loan.externalId ? [{ label: 'External id', value: String(loan.externalId) }] : []),
      { label: 'Loan amount', value: `${String(loan.amount)} ${String(loan.currency)}` },
      { label: 'Status now', value: String(loan.status) },
      { label: 'Your side', value: side ?? 'none' },
      ...(extra.context ?? []),
    ],
    warnings: extra.warnings ?? [],
    expect: loanObject,
    check: { loanId: loan.loanId, ...extra.check },
  });
}

/**
 * An operation on the allocation the operator picked (any of the loan's): refused only on a stated
 * rule; the confirmation shows the allocation's amount under `amountLabel` and every warning.
 */
async function allocationPatch(
  ctx: BuildContext,
  loan: Loan,
  op: LoanOperation,
  verdict: Verdict,
  amountLabel: string,
  body: { loanAllocationId: string; [field: string]: string },
): Promise<Result<BuiltRequest>> {
  if (!verdict.ok) return refuse(verdict.why, verdict.byAllocation ? 'loanAllocationId' : undefined);
  const alloc = verdict.allocation;
  return loanPatch(ctx, op, loan, body, {
    context: alloc
      ? [
          { label: amountLabel, value: amountText(alloc) },
          { label: 'Allocation', value: `${String(alloc.allocationType)}, ${String(alloc.status)}` },
        ]
      : [],
    warnings: verdict.warnings,
    check: { loanAllocationId: body.loanAllocationId },
  });
}

/** The entries whose statuses the exchange's answer must carry, for counting the verdict. */
function entriesCheck(action: ExchangeAction): { entries?: number } {
  const entries = expectedStatuses(action);
  return entries === undefined ? {} : { entries };
}

/** Adds the currency beside the amount fields it belongs to (exact field names). */
const withNotes = (fields: BuiltRequest['fields'], notes: Record<string, string>) =>
  fields.map((f) => (Object.hasOwn(notes, f.name) ? { ...f, note: notes[f.name] } : f));

/**
 * Accept a repayment: refused only for a request your own side made (stated) or an amount above the
 * request's (the ceiling, loan-actions.ts). The amount defaults to the request's only where that is
 * a plain decimal string; the body names no allocation, so the request picked is only read.
 */
async function acceptRepayment(
  ctx: BuildContext,
  loan: Loan,
  input: Extract<ActionInput, { kind: 'loans.acceptRepayment' }>,
): Promise<Result<BuiltRequest>> {
  const verdict = canAcceptRepayment(loan, loanSide(loan, ctx.organizationId), input.requestAllocationId);
  if (!verdict.ok)
    return refuse(
      verdict.why,
      verdict.byAllocation && input.requestAllocationId ? 'requestAllocationId' : undefined,
    );
  const request = verdict.allocation;
  const warnings = [...verdict.warnings];
  const fallback = repaymentAmountDefault(request);
  const amount = input.amount ?? fallback.amount;
  if (amount === null)
    return refuse(`type the amount to accept. ${'why' in fallback ? fallback.why : ''}`.trim(), 'amount');
  const currency = request ? String(request.currency) : String(loan.currency);
  const ceiling = repaymentCeiling(request);
  if (ceiling.ceiling !== null && !amountAtMost(amount, ceiling.ceiling))
    return refuse(`must be at most the requested ${ceiling.ceiling} ${currency}`, 'amount');
  if (ceiling.ceiling === null)
    warnings.push(`${ceiling.why}, so no ceiling was checked on the amount; the platform will decide.`);
  const body = definedOnly({
    amount,
    collateralPortfolioId: input.collateralPortfolioId,
    effectiveDate: input.effectiveDate,
  });
  const built = await loanPatch(ctx, 'acceptRepayment', loan, body, {
    context: request
      ? [
          { label: 'Requested amount', value: amountText(request) },
          { label: 'Repayment request', value: request.loanAllocationId },
        ]
      : [],
    warnings,
    check: request ? { loanAllocationId: request.loanAllocationId } : {},
  });
  return built.ok
    ? ok({ ...built.value, fields: withNotes(built.value.fields, { amount: currency }) })
    : built;
}

/** What an action acts on, for refusing a second identical action while one is unsettled. */
export function objectKeyOf(input: ActionInput): string {
  switch (input.kind) {
    case 'loans.ltvDryRun':
      return 'ltv dry run';
    case 'exchange.submit':
      return `exchange ${JSON.stringify(input.action)} ${input.vaultAddress ?? ''}`;
    default:
      return `loan ${input.loanId}`;
  }
}

/** Whether this kind of action can change state on the platform (an estimate or a dry run cannot). */
export function changesState(kind: ActionInput['kind']): boolean {
  return kind !== 'loans.estimateLtv' && kind !== 'loans.ltvDryRun';
}

/** Checks and builds one action's request. Loan actions read the loan first (one GET). */
export async function buildRequest(ctx: BuildContext, input: ActionInput): Promise<Result<BuiltRequest>> {
  if (input.kind === 'loans.ltvDryRun') {
    const p = safePath(() => path`/organizations/${ctx.organizationId}/loans`);
    if (!p.ok) return p;
    return ok({
      title: 'LTV dry run',
      changesState: false,
      target: `Organization ${ctx.organizationId}`,
      method: 'PATCH',
      path: p.value,
      contentType: LTV_DRY_RUN_MEDIA_TYPE,
      body: JSON.stringify(input.body),
      fields: flattenFields(input.body),
      context: [{ label: 'Body fields', value: 'written by you: the specification does not show this body' }],
      warnings: [],
      expect: jsonObject,
      check: {},
    });
  }
  if (input.kind === 'exchange.submit') {
    const nonce = ctx.nextNonce();
    const body = definedOnly({
      action: input.action,
      nonce,
      vaultAddress: input.vaultAddress,
    });
    return ok({
      title: `Send exchange action “${input.action.type}”`,
      changesState: true,
      target: `Exchange (${describeExchangeAction(input.action)})`,
      method: 'POST',
      path: '/exchange',
      contentType: 'application/json',
      body: JSON.stringify(body),
      fields: flattenFields(body),
      context: [{ label: 'What it does', value: describeExchangeAction(input.action) }],
      warnings: [],
      expect: exchangeAnswer,
      check: entriesCheck(input.action),
    });
  }

  const read = await getLoan(ctx.client, ctx.organizationId, input.loanId);
  if (!read.ok) return read;
  const loan = read.value;
  const side = loanSide(loan, ctx.organizationId);
  const currency = String(loan.currency);

  switch (input.kind) {
    case 'loans.approve': {
      const a = canApprove(loan, side);
      if (!a.ok) return refuse(a.why);
      return loanPatch(ctx, 'approve', loan, null, { warnings: a.warnings });
    }
    case 'loans.cancelInterestPayment': {
      const body = definedOnly({
        loanAllocationId: input.loanAllocationId,
        effectiveDate: input.effectiveDate,
        portfolioId: input.portfolioId,
      });
      const verdict = canCancelInterestPayment(loan, side, input.loanAllocationId);
      return allocationPatch(ctx, loan, 'cancelInterestPayment', verdict, 'Interest amount', body);
    }
    case 'loans.acceptRepayment':
      return acceptRepayment(ctx, loan, input);
    case 'loans.confirmExternalDisbursement': {
      const body = definedOnly({
        loanAllocationId: input.loanAllocationId,
        collateralPortfolioId: input.collateralPortfolioId,
      });
      const verdict = canConfirmExternalDisbursement(loan, side, input.loanAllocationId);
      return allocationPatch(ctx, loan, 'confirmExternalDisbursement', verdict, 'Disbursed amount', body);
    }
    case 'loans.estimateLtv': {
      const body = definedOnly({
        amount: input.amount,
        collaterals: input.collaterals,
        includeInterest: input.includeInterest,
      });
      const built = await loanPatch(ctx, 'estimateLtv', loan, body, {});
      const notes: Record<string, string> = { amount: currency };
      (input.collaterals ?? []).forEach((c, i) => {
        notes[`collaterals[${i}].amount`] = c.currency;
        notes[`collaterals[${i}].amountInUsd`] = 'USD';
      });
      return built.ok ? ok({ ...built.value, fields: withNotes(built.value.fields, notes) }) : built;
    }
  }
}

/** Signs and sends a built request once: the only place an action's bytes leave for the platform. */
export function sendBuilt(
  client: PlatformClient,
  built: BuiltRequest,
  operation: string,
  signer?: Signer,
): Promise<Result<unknown>> {
  return client.request<unknown>({
    method: built.method,
    path: built.path,
    contentType: built.contentType,
    ...(built.body !== null ? { body: built.body } : {}),
    expect: built.expect,
    operation,
    ...(signer ? { signer } : {}),
  });
}
