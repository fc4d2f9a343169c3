/**
 * Builds the exact request of each kind of action, after checking it with the shared rules: the
 * loan's state and the caller's side (src/shared/loan-actions.ts), amounts within what the platform
 * states (accept-repayment at most the requested amount). What is built here is what the
 * confirmation shows and what `execute` signs and sends, byte for byte.
 */
import type { ActionInput, PreparedAction } from '../../shared/actions';
import { amountAtMost, amountProblem } from '../../shared/amounts';
import { describeExchangeAction } from '../../shared/exchange-actions';
import {
  LOAN_OPERATIONS,
  LTV_DRY_RUN_MEDIA_TYPE,
  canAcceptRepayment,
  canApprove,
  canCancelInterestPayment,
  canConfirmExternalDisbursement,
  loanSide,
  type Availability,
  type LoanOperation,
} from '../../shared/loan-actions';
import type { Loan, LoanAllocation } from '../../shared/platform/resources';
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
    path: string;
    expect: Expect;
    /** What "Check now" needs later: the loan and allocation acted on. */
    check: { loanId?: string; loanAllocationId?: string };
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

function unavailable<T>(a: Availability<T>): a is { ok: false; why: string } {
  return !a.ok;
}

/** The allocation the input names must be the one the rules found acting on. */
function sameAllocation(found: LoanAllocation, named: string): Result<LoanAllocation> {
  return found.loanAllocationId === named
    ? ok(found)
    : refuse(
        `Allocation ${named} is not the one awaiting this action (${found.loanAllocationId}); reload the loan.`,
        'loanAllocationId',
      );
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
    expect: loanObject,
    check: { loanId: loan.loanId, ...extra.check },
  });
}

/**
 * An operation on the one allocation the rules found: the input must name that allocation, and the
 * confirmation shows its amount under `amountLabel`.
 */
async function allocationPatch(
  ctx: BuildContext,
  loan: Loan,
  op: LoanOperation,
  found: Availability<LoanAllocation>,
  amountLabel: string,
  body: { loanAllocationId: string; [field: string]: string },
): Promise<Result<BuiltRequest>> {
  if (unavailable(found)) return refuse(found.why);
  const alloc = sameAllocation(found.allocation, body.loanAllocationId);
  if (!alloc.ok) return alloc;
  return loanPatch(ctx, op, loan, body, {
    context: [{ label: amountLabel, value: `${String(alloc.value.amount)} ${String(alloc.value.currency)}` }],
    check: { loanAllocationId: body.loanAllocationId },
  });
}

/** Adds the currency beside the amount fields it belongs to (exact field names). */
const withNotes = (fields: BuiltRequest['fields'], notes: Record<string, string>) =>
  fields.map((f) => (Object.hasOwn(notes, f.name) ? { ...f, note: notes[f.name] } : f));

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
      expect: exchangeAnswer,
      check: {},
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
      if (unavailable(a)) return refuse(a.why);
      return loanPatch(ctx, 'approve', loan, null, {});
    }
    case 'loans.cancelInterestPayment': {
      const body = definedOnly({
        loanAllocationId: input.loanAllocationId,
        effectiveDate: input.effectiveDate,
        portfolioId: input.portfolioId,
      });
      const found = canCancelInterestPayment(loan, side);
      return allocationPatch(ctx, loan, 'cancelInterestPayment', found, 'Interest amount', body);
    }
    case 'loans.acceptRepayment': {
      const a = canAcceptRepayment(loan, side);
      if (unavailable(a)) return refuse(a.why);
      const requested = String(a.allocation.amount);
      if (amountProblem(requested) !== null)
        return refuse(
          `The platform's requested amount "${requested.slice(0, 60)}" is not a readable amount; check the loan.`,
        );
      const amount = input.amount ?? requested;
      if (!amountAtMost(amount, requested))
        return refuse(
          `must be at most the requested ${requested} ${String(a.allocation.currency)}`,
          'amount',
        );
      const body = definedOnly({
        amount,
        collateralPortfolioId: input.collateralPortfolioId,
        effectiveDate: input.effectiveDate,
      });
      const built = await loanPatch(ctx, 'acceptRepayment', loan, body, {
        context: [
          { label: 'Requested amount', value: `${requested} ${String(a.allocation.currency)}` },
          { label: 'Allocation', value: a.allocation.loanAllocationId },
        ],
        check: { loanAllocationId: a.allocation.loanAllocationId },
      });
      return built.ok
        ? ok({
            ...built.value,
            fields: withNotes(built.value.fields, { amount: String(a.allocation.currency) }),
          })
        : built;
    }
    case 'loans.confirmExternalDisbursement': {
      const body = definedOnly({
        loanAllocationId: input.loanAllocationId,
        collateralPortfolioId: input.collateralPortfolioId,
      });
      const found = canConfirmExternalDisbursement(loan, side);
      return allocationPatch(ctx, loan, 'confirmExternalDisbursement', found, 'Disbursed amount', body);
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
