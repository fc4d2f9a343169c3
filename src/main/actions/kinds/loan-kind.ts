/**
 * What the loan kinds share (`PATCH /organizations/{organizationId}/loans/{loanId}`, the operation
 * selected by the media type): the read of the loan their rules need, the request and what the
 * confirmation shows about the loan, the de-duplication object (the loan), Check now's plan, and a
 * 2xx answer checked against what was asked. A loan kind's declaration (src/shared/action-kinds/)
 * states its facts (rule, operation, schema; an allocation kind also its evidence and body):
 * `allocationKind` makes a whole spec of that alone, and `loanKind` adds the rest to what a kind's
 * own file here writes (approve, accept a repayment).
 */
import type { InputOf } from '../../../shared/actions';
import { ALLOCATION_KINDS, type AllocationKind, type LoanActionKind } from '../../../shared/action-kinds';
import type {
  AllocationKindDeclaration,
  KindSchema,
  LoanKindDeclaration,
  LoanOperation,
} from '../../../shared/action-kinds/declaration';
import { isJsonNumberText } from '../../../shared/json-number';
import { loanSide, type Verdict } from '../../../shared/loan-actions';
import { LOAN_OPERATION_MEDIA_TYPES } from '../../../shared/platform/media-types';
import type { Loan, LoanAllocation } from '../../../shared/platform/resources';
import { ok, type Result } from '../../../shared/result';
import { getLoan } from '../../platform/operations';
import { path, safePath } from '../../platform/query';
import { loanObject } from '../../platform/shape';
import {
  DO_NOT_RESEND,
  type ActionKindSpec,
  type Answered,
  type BuildContext,
  type BuiltRequest,
  type CheckPlan,
  type CheckTarget,
  type Judgement,
} from './kind-spec';
import { allocationEvidence, judgeAllocation } from './evidence';
import { clip, definedOnly, flattenFields, refuse } from './request-parts';

/** The loan operations' method and path (platform-api.md, "Loan operations"). */
export const LOAN_OPERATION = {
  method: 'PATCH',
  path: '/organizations/{organizationId}/loans/{loanId}',
} as const;

/** The loan the rules are checked against: read fresh (one GET) before anything is built. */
export function readLoan(ctx: BuildContext, loanId: string): Promise<Result<Loan>> {
  return getLoan(ctx.client, ctx.organizationId, loanId);
}

/** An allocation's amount as the confirmation shows it: a JSON number is marked, never computed. */
export function amountText(a: LoanAllocation): string {
  const raw: unknown = (a as { amount?: unknown }).amount;
  const amount = isJsonNumberText(raw)
    ? `${raw.jsonNumber} (a JSON number)`
    : typeof raw === 'number'
      ? `${String(raw)} (a JSON number, possibly rounded)`
      : String(raw);
  return `${amount} ${String(a.currency)}`;
}

/**
 * A context line for an amount: its text as the platform sent it, and, where it sent a string, the
 * amount and its currency for the confirmation to show exactly as the tables do.
 */
export function amountLine(
  label: string,
  value: string,
  a: { amount?: unknown; currency?: unknown },
): BuiltRequest['context'][number] {
  return typeof a.amount === 'string' && typeof a.currency === 'string'
    ? { label, value, amount: { value: a.amount, currency: a.currency } }
    : { label, value };
}

/** The request of one loan kind, with what the confirmation shows about the loan. */
export function loanPatch(
  ctx: BuildContext,
  kind: { title: string; mediaType: string },
  loan: Loan,
  body: Record<string, string | boolean | unknown[]> | null,
  extra: Partial<BuiltRequest>,
): Result<BuiltRequest> {
  const p = safePath(() => path`/organizations/${ctx.organizationId}/loans/${loan.loanId}`);
  if (!p.ok) return p;
  const side = loanSide(loan, ctx.organizationId);
  return ok({
    title: kind.title,
    target: `Loan ${loan.loanId}`,
    method: LOAN_OPERATION.method,
    path: p.value,
    contentType: kind.mediaType,
    body: body === null ? null : JSON.stringify(body),
    fields: body === null ? [] : flattenFields(body),
    context: [
      ...(loan.externalId ? [{ label: 'External id', value: String(loan.externalId) }] : []),
      amountLine('Loan amount', `${String(loan.amount)} ${String(loan.currency)}`, loan),
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
 * A kind acting on the allocation the operator picked (any of the loan's): refused only on a
 * stated rule; the confirmation shows the allocation's amount under `amountLabel` and every warning.
 */
export function allocationPatch(
  ctx: BuildContext,
  kind: { title: string; mediaType: string },
  loan: Loan,
  verdict: Verdict,
  amountLabel: string,
  body: { loanAllocationId: string; [field: string]: string },
): Result<BuiltRequest> {
  if (!verdict.ok) return refuse(verdict.why, verdict.byAllocation ? 'loanAllocationId' : undefined);
  const alloc = verdict.allocation;
  return loanPatch(ctx, kind, loan, body, {
    context: alloc
      ? [
          amountLine(amountLabel, amountText(alloc), alloc),
          { label: 'Allocation', value: `${String(alloc.allocationType)}, ${String(alloc.status)}` },
        ]
      : [],
    warnings: verdict.warnings,
    check: { loanAllocationId: body.loanAllocationId },
  });
}

/**
 * De-duplication of a loan kind: the kind and the loan, nothing else (dedup-key.ts says why). An
 * unknown accept-repayment on loan L blocks another on L whatever its amount.
 */
export const loanDedup = {
  object: (input: { loanId: string }): unknown => ({ loanId: input.loanId }),
  text: (input: { loanId: string }): string => clip(`loan ${input.loanId}`),
  legacy: (input: { loanId: string }): string => `loan ${input.loanId}`,
};

/** The same for a kind whose body names an allocation: the text names it too (the key does not). */
export const allocationDedup = {
  ...loanDedup,
  text: (input: { loanId: string; loanAllocationId: string }): string =>
    clip(`loan ${input.loanId} (allocation ${input.loanAllocationId})`),
};

/** Check now re-reads the loan (with its allocations) and judges it. */
export const loanCheckPlan = (t: CheckTarget): CheckPlan => ({
  available: true,
  what: `Reads loan ${t.loanId ?? ''} and its allocations.`,
});

/** Why a 2xx loan answer does not show what was asked; null when it is consistent with it. */
function loanMismatch(
  answer: unknown,
  asked: CheckTarget,
  judge: (t: CheckTarget, loan: Loan) => Judgement,
): string | null {
  const answered: unknown =
    typeof answer === 'object' && answer !== null ? (answer as { loanId?: unknown }).loanId : undefined;
  if (asked.loanId !== undefined && answered !== asked.loanId)
    return `The answer is ${typeof answered === 'string' ? `loan ${answered.slice(0, 80)}` : 'not a loan with an id'}, not loan ${asked.loanId}.`;
  const judged = judge(asked, answer as Loan);
  return judged.settled === 'not-done' ? judged.found : null;
}

/**
 * A 2xx answer to a loan kind: the same loan, not still waiting for the action (judged as Check
 * now judges it), is done; anything else is unknown with Check now, never failed, never resent.
 */
export function loanAnswered(judge: (t: CheckTarget, loan: Loan) => Judgement) {
  return (answer: unknown, asked: CheckTarget | undefined): Answered => {
    const mismatch = asked === undefined ? null : loanMismatch(answer, asked, judge);
    if (mismatch !== null)
      return {
        outcome: 'unknown',
        headline: `Answered, but the loan does not show it: check now. ${mismatch} ${DO_NOT_RESEND}`,
        answer,
        status: 200,
      };
    const loan = answer as Loan;
    return {
      outcome: 'done',
      headline: `Done: the platform returned the loan in status “${loan.status}”.`,
      answer,
      loan,
    };
  };
}

/**
 * What a loan kind's main-side file adds to its declaration (src/shared/action-kinds/): how Check
 * now judges the loan, its de-duplication, and its request built from the loan read fresh.
 */
export interface LoanKindParts<K extends LoanActionKind> {
  declared: LoanKindDeclaration<K, KindSchema<K>>;
  judgeLoan: (t: CheckTarget, loan: Loan) => Judgement;
  dedup: ActionKindSpec<K>['dedup'];
  /** The request, from the input and the loan read fresh (one GET) before it. */
  build(ctx: BuildContext, input: InputOf<K>, loan: Loan): Result<BuiltRequest>;
}

/**
 * Every loan kind's input names its loan (and an allocation kind's, its allocation); the compiler
 * checks it here, since it cannot see it through a kind left generic (the casts below).
 */
const inputsName: [InputOf<LoanActionKind>] extends [Record<'loanId', string>]
  ? [InputOf<AllocationKind>] extends [Record<'loanAllocationId', string>]
    ? true
    : never
  : never = true;
void inputsName;

/** The media type of a loan kind's operation (a specification fact). */
export const mediaTypeOf = (declared: { operation: LoanOperation }) =>
  LOAN_OPERATION_MEDIA_TYPES[declared.operation];

/** A loan kind's spec: its declaration and main-side parts around the parts every loan kind shares. */
export function loanKind<K extends LoanActionKind>(own: LoanKindParts<K>): ActionKindSpec<K> {
  const { declared } = own;
  return {
    kind: declared.kind,
    schema: declared.schema as unknown as ActionKindSpec<K>['schema'],
    operation: LOAN_OPERATION,
    mediaType: mediaTypeOf(declared),
    title: declared.title,
    availability: declared.availability,
    example: declared.example as InputOf<K>,
    async build(ctx, input) {
      const read = await readLoan(ctx, (input as { loanId: string }).loanId);
      if (!read.ok) return read;
      return own.build(ctx, input, read.value);
    },
    dedup: own.dedup,
    check: { plan: loanCheckPlan, judgeLoan: own.judgeLoan },
    answered: loanAnswered(own.judgeLoan),
  };
}

/**
 * An allocation kind's spec, from its declaration alone: Check now judges the allocation acted on
 * by the declared evidence; the request names the allocation picked, with the declared body
 * fields sent only when given; the confirmation shows the allocation's amount under the declared
 * label. A kind declared in this family needs no file of its own here.
 */
export function allocationKind<K extends AllocationKind>(
  declared: AllocationKindDeclaration<K, KindSchema<K>>,
): ActionKindSpec<K> {
  const evidence = allocationEvidence(declared.evidence.action, declared.evidence);
  const mediaType = mediaTypeOf(declared);
  const bodyFields: readonly string[] = declared.bodyFields;
  return loanKind<K>({
    declared: { ...declared, family: 'loan' },
    judgeLoan: (t, loan) => judgeAllocation(t, loan, evidence),
    dedup: allocationDedup,
    build(ctx, input, loan) {
      const given = input as unknown as Record<string, string | undefined> & { loanAllocationId: string };
      const body = definedOnly({
        loanAllocationId: given.loanAllocationId,
        ...Object.fromEntries(bodyFields.map((field) => [field, given[field]])),
      });
      const verdict = declared.availability(loan, loanSide(loan, ctx.organizationId), given.loanAllocationId);
      return allocationPatch(
        ctx,
        { title: declared.title, mediaType },
        loan,
        verdict,
        declared.amountLabel,
        body,
      );
    },
  });
}

/** Every allocation kind's spec, for the registry (./index.ts): each derived from its declaration. */
export const allocationKinds = (): { [K in AllocationKind]: ActionKindSpec<K> } =>
  Object.fromEntries(
    Object.values(ALLOCATION_KINDS).map((declared) => [
      declared.kind,
      allocationKind(declared as AllocationKindDeclaration<AllocationKind, KindSchema<AllocationKind>>),
    ]),
  ) as { [K in AllocationKind]: ActionKindSpec<K> };
