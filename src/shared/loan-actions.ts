/**
 * The loan actions' rules, once: whether each may be taken on a loan, and the repayment amount.
 * Each kind's declaration (./action-kinds/) names its rule; `actions.prepare` decides with these
 * rules (it is the authority); the renderer's action bar uses the same for early feedback; the
 * differential test reads them through `loanActionVerdicts` (./action-kinds/index.ts). The media
 * types are specification facts (./platform/media-types.ts).
 *
 * Two kinds of rule, kept apart on purpose (issue 25, finding 7):
 * - REFUSALS come only from what the specification states (platform-api.md, "Loan status" and the
 *   loan operations table): approve is the lender's, from `awaiting-approval`; confirm external
 *   disbursement is the lender's; cancel an interest payment is the lender's or the borrower's; only
 *   a repayment request the counterparty initiated can be accepted (where that can be read); and a
 *   request the console cannot build (an allocation id to name when the loan lists none).
 * - WARNINGS are what the console only expects: loan statuses around repayment and interest,
 *   allocation types and statuses. The specification names only `disburse` and `new` and leaves the
 *   sets "not shown"; platform-facts lists plausible values, which a platform may spell otherwise.
 *   The confirmation shows each warning and the platform decides.
 *
 * Side (`LoanSide`, the platform's `lend`/`borrow`): lend when lenderOrganizationId equals our
 * organization, borrow when borrowerOrganizationId does (the other side's id is obfuscated, so it
 * never matches).
 */
import { amountProblem } from './amounts';
import { isJsonNumberText } from './json-number';
import type { LoanSide } from './platform/enums';
import type { Loan, LoanAllocation } from './platform/resources';

export type { LoanSide };

export function loanSide(
  loan: Pick<Loan, 'lenderOrganizationId' | 'borrowerOrganizationId'>,
  organizationId: string,
): LoanSide | null {
  if (loan.lenderOrganizationId !== undefined && loan.lenderOrganizationId === organizationId) return 'lend';
  if (loan.borrowerOrganizationId !== undefined && loan.borrowerOrganizationId === organizationId)
    return 'borrow';
  return null;
}

/** Refused on a rule the specification states, or on a request that cannot be built. */
export interface Refusal {
  ok: false;
  why: string;
  /** Refused for the allocation in question only (a request your side made): another may be picked. */
  byAllocation?: true;
}
/** Offered: the platform decides; `warnings` are what the console expected and did not see. */
export interface Offer {
  ok: true;
  warnings: string[];
  /** The allocation acted on: the one picked, else the one the console expects; null when neither. */
  allocation: LoanAllocation | null;
}
export type Verdict = Refusal | Offer;

const noSide = 'Your organization is neither the lender nor the borrower of this loan.';
const refuse = (why: string, byAllocation = false): Refusal =>
  byAllocation ? { ok: false, why, byAllocation: true } : { ok: false, why };
const quoted = (v: unknown) => `“${String(v).slice(0, 60)}”`;

/**
 * The loan's allocations that can be read: an entry that is null, not an object, or without a
 * string `loanAllocationId` is skipped and counted (finding 3: one null entry used to make every
 * action on the loan fail at prepare with `internal`). A null `embedded` or list is no allocations.
 */
export function loanAllocationsOf(loan: Loan): { allocations: LoanAllocation[]; skipped: number } {
  const embedded: unknown = (loan as { embedded?: unknown }).embedded;
  const listed: unknown =
    typeof embedded === 'object' && embedded !== null
      ? (embedded as { loanAllocations?: unknown }).loanAllocations
      : undefined;
  if (!Array.isArray(listed)) return { allocations: [], skipped: 0 };
  const allocations = listed.filter(
    (a: unknown): a is LoanAllocation =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as { loanAllocationId?: unknown }).loanAllocationId === 'string' &&
      (a as { loanAllocationId: string }).loanAllocationId !== '',
  );
  return { allocations, skipped: listed.length - allocations.length };
}

/**
 * What the console expects each operation to act on, from platform-facts.md (NOT the
 * specification): used to pre-select an allocation and to warn, never to refuse.
 */
export const EXPECTED = {
  cancelInterestPayment: {
    what: 'an interest payment awaiting acceptance',
    loanStatus: 'repaying-interest',
    allocationType: 'repay',
    allocationStatus: 'awaiting-acceptance',
  },
  acceptRepayment: {
    what: 'a repayment awaiting acceptance',
    loanStatus: 'repaying',
    allocationType: 'repay',
    allocationStatus: 'awaiting-acceptance',
  },
  confirmExternalDisbursement: {
    what: 'an external disbursement awaiting confirmation',
    loanStatus: 'disbursing',
    allocationType: 'disburse-externally',
    allocationStatus: 'awaiting-confirmation',
  },
} as const;
type Expectation = (typeof EXPECTED)[keyof typeof EXPECTED];

const looksExpected = (a: LoanAllocation, e: Expectation) =>
  a.allocationType === e.allocationType && a.status === e.allocationStatus;

/** The warnings every allocation operation shares: the loan's status, skipped entries, the pick. */
function expectationWarnings(
  loan: Loan,
  e: Expectation,
  picked: LoanAllocation | null,
  pickedId: string | undefined,
  skipped: number,
): string[] {
  const warnings: string[] = [];
  if (skipped > 0)
    warnings.push(
      `${skipped} allocation entr${skipped === 1 ? 'y' : 'ies'} of this loan could not be read (null, or without an id) and ${skipped === 1 ? 'is' : 'are'} left out.`,
    );
  if (loan.status !== e.loanStatus)
    warnings.push(
      `The loan's status is ${quoted(loan.status)}, where the console expects ${quoted(e.loanStatus)}; the platform will decide.`,
    );
  if (pickedId !== undefined && picked === null)
    warnings.push(`Allocation ${pickedId} is not among this loan's allocations; the platform will decide.`);
  else if (picked !== null && !looksExpected(picked, e))
    warnings.push(
      `Allocation ${picked.loanAllocationId} is ${quoted(picked.allocationType)} ${quoted(picked.status)}, not the ` +
        `${quoted(e.allocationType)} ${quoted(e.allocationStatus)} the console expects; the platform will decide.`,
    );
  return warnings;
}

const doesNotLook = (e: Expectation) =>
  `This loan does not look like it has ${e.what}; the platform will decide.`;

/**
 * An operation whose body names an allocation (`loanAllocationId`): the operator picks any of the
 * loan's allocations; the expected one is pre-selected. Refused only when there is none to name.
 */
function allocationOffer(loan: Loan, e: Expectation, pickedId: string | undefined, extra: string[]): Verdict {
  const { allocations, skipped } = loanAllocationsOf(loan);
  if (allocations.length === 0)
    return refuse(
      `The loan lists no allocations${skipped ? ' that can be read' : ''}, and this operation names one (loanAllocationId); reload the loan with its allocations.`,
    );
  const expected = allocations.find((a) => looksExpected(a, e)) ?? null;
  const picked =
    pickedId === undefined ? expected : (allocations.find((a) => a.loanAllocationId === pickedId) ?? null);
  const warnings = [...extra, ...expectationWarnings(loan, e, picked, pickedId, skipped)];
  if (expected === null) warnings.unshift(doesNotLook(e));
  return { ok: true, warnings, allocation: picked };
}

/** Stated: "Approve a loan in `awaiting-approval` state", lender only. */
export function canApprove(loan: Loan, side: LoanSide | null): Verdict {
  if (side !== 'lend') return refuse(side === null ? noSide : 'Only the lender approves a loan.');
  if (loan.status !== 'awaiting-approval')
    return refuse(`Only a loan awaiting approval can be approved; this one is ${String(loan.status)}.`);
  return { ok: true, warnings: [], allocation: null };
}

/** Stated: the lender or the borrower cancels an interest payment request awaiting acceptance. */
export function canCancelInterestPayment(loan: Loan, side: LoanSide | null, pickedId?: string): Verdict {
  if (side === null) return refuse(noSide);
  return allocationOffer(loan, EXPECTED.cancelInterestPayment, pickedId, []);
}

/** Who initiated a request, as far as the loan's counterparty ids let it be read. */
function requestedBy(loan: Loan, side: LoanSide, a: LoanAllocation): 'us' | 'them' | null {
  const requestor: unknown = a.requestorCounterpartyId;
  if (typeof requestor !== 'string' || requestor === '') return null;
  const ours = side === 'lend' ? loan.lenderCounterpartyId : loan.borrowerCounterpartyId;
  const theirs = side === 'lend' ? loan.borrowerCounterpartyId : loan.lenderCounterpartyId;
  if (typeof ours === 'string' && requestor === ours) return 'us';
  if (typeof theirs === 'string' && requestor === theirs) return 'them';
  return null;
}

const OWN_REQUEST =
  'The repayment request was requested by your side; only the counterparty can accept it (only requests initiated by the counterparty can be accepted).';

/**
 * Stated: "only requests initiated by the counterparty can be accepted". The body names no
 * allocation, so the request in question is the one the operator picked (for the ceiling and the
 * check), else the expected one, preferring the counterparty's. Refused only where the request is
 * readably your own side's; where who requested it cannot be read, a warning.
 */
export function canAcceptRepayment(loan: Loan, side: LoanSide | null, pickedId?: string): Verdict {
  if (side === null) return refuse(noSide);
  const e = EXPECTED.acceptRepayment;
  const { allocations, skipped } = loanAllocationsOf(loan);
  const pending = allocations.filter((a) => looksExpected(a, e));
  const by = (a: LoanAllocation) => requestedBy(loan, side, a);
  const picked =
    pickedId !== undefined
      ? (allocations.find((a) => a.loanAllocationId === pickedId) ?? null)
      : (pending.find((a) => by(a) === 'them') ?? pending.find((a) => by(a) === null) ?? pending[0] ?? null);
  if (picked !== null && by(picked) === 'us') return refuse(OWN_REQUEST, true);
  const warnings = expectationWarnings(loan, e, picked, pickedId, skipped);
  if (pending.length === 0) warnings.unshift(doesNotLook(e));
  if (picked !== null && by(picked) === null)
    warnings.push(
      `Who requested repayment ${picked.loanAllocationId} cannot be read (its requestorCounterpartyId against the loan's counterparty ids); the platform will decide whether you may accept it.`,
    );
  return { ok: true, warnings, allocation: picked };
}

/** Stated: the lender confirms the external disbursement of an off-platform managed loan. */
export function canConfirmExternalDisbursement(
  loan: Loan,
  side: LoanSide | null,
  pickedId?: string,
): Verdict {
  if (side !== 'lend')
    return refuse(side === null ? noSide : 'Only the lender confirms an external disbursement.');
  const external: unknown = (loan.extra as { externalDisbursal?: unknown } | null | undefined)
    ?.externalDisbursal;
  const extra =
    external === true
      ? []
      : [
          'This loan is not marked as disbursed externally (extra.externalDisbursal); the platform will decide.',
        ];
  return allocationOffer(loan, EXPECTED.confirmExternalDisbursement, pickedId, extra);
}

/**
 * What the main side and the renderer both need about a loan action kind: each kind's declaration
 * (src/shared/action-kinds/) states it, and `LOAN_ACTIONS` there collects them.
 */
export interface LoanActionRule {
  /** "Approve loan": the confirmation's title and the action bar's button. */
  title: string;
  /** Refused (with the stated rule) or offered (with warnings and the allocation pre-selected). */
  availability(loan: Loan, side: LoanSide | null, pickedId?: string): Verdict;
}

// ---------------------------------------------------------------------------------------------
// The repayment amount

/** A plain decimal string from the platform, or why it is not one (a JSON number, an exponent…). */
function plainAmount(raw: unknown): { amount: string } | { amount: null; why: string } {
  if (isJsonNumberText(raw))
    return {
      amount: null,
      why: `came as a JSON number (${raw.jsonNumber.slice(0, 60)}), not a decimal string`,
    };
  if (typeof raw === 'number')
    return {
      amount: null,
      why: `came as a JSON number (read as ${String(raw)}, possibly rounded), not a decimal string`,
    };
  if (typeof raw !== 'string') return { amount: null, why: 'is missing' };
  if (amountProblem(raw) !== null)
    return { amount: null, why: `${quoted(raw)} is not a plain decimal string` };
  return { amount: raw };
}

/**
 * The repayment ceiling, decided once from the specification: the operation "Accept[s] a full or
 * partial repayment request", so the amount accepted is at most the amount of THE REQUEST being
 * accepted (full: equal to it; partial: less), not the loan's outstanding amount, which the
 * specification does not relate to this operation. The sandbox enforces the same rule. Where the
 * request's amount is not a plain decimal string there is no ceiling, and the confirmation says so.
 */
export function repaymentCeiling(
  request: LoanAllocation | null,
): { ceiling: string } | { ceiling: null; why: string } {
  const read = requestedAmount(request, 'No repayment request was identified on the loan', '');
  return read.amount !== null ? { ceiling: read.amount } : { ceiling: null, why: read.why };
}

/**
 * The amount pre-filled for accepting a repayment: the request's amount only when it is a plain
 * decimal string. A JSON number is never a default for sending (finding 10: `JSON.parse` had turned
 * 1234567.123456789012345678 into 1234567.123456789); the operator types the amount.
 */
export function repaymentAmountDefault(
  request: LoanAllocation | null,
): { amount: string } | { amount: null; why: string } {
  return requestedAmount(
    request,
    'No repayment request was identified: type the amount.',
    ', so it is not used as a default: type the amount.',
  );
}

/**
 * The request's amount where it is a plain decimal string; otherwise why not: `noRequest`, or
 * "The requested amount …" and `then`.
 */
function requestedAmount(
  request: LoanAllocation | null,
  noRequest: string,
  then: string,
): { amount: string } | { amount: null; why: string } {
  if (request === null) return { amount: null, why: noRequest };
  const read = plainAmount((request as { amount?: unknown }).amount);
  return read.amount !== null ? read : { amount: null, why: `The requested amount ${read.why}${then}` };
}
