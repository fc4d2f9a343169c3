/**
 * The registry of action kinds: one line per kind, each kind declared in its own file of this
 * folder (./declaration.ts says what a declaration holds; docs/recipes.md says how to add one).
 * From it come the contract's `actionInput` (src/shared/actions.ts), the loan kinds' titles and
 * rules the action bar and the main side share (`LOAN_ACTIONS`), and the main side's registry
 * (src/main/actions/kinds/index.ts), which gives an allocation kind its behaviour by itself and
 * asks, through the type check, for a file for any other.
 */
import type { Loan } from '../platform/resources';
import { loanSide, type LoanActionRule, type LoanSide, type Verdict } from '../loan-actions';
import { acceptRepayment } from './accept-repayment';
import { approve } from './approve';
import { cancelInterestPayment } from './cancel-interest-payment';
import { confirmExternalDisbursement } from './confirm-external-disbursement';
import { exchangeSubmit } from './exchange-submit';

/** Every kind, in the order the action bar offers the loan kinds. */
export const KIND_DECLARATIONS = [
  approve,
  cancelInterestPayment,
  acceptRepayment,
  confirmExternalDisbursement,
  exchangeSubmit,
] as const;

type Declaration = (typeof KIND_DECLARATIONS)[number];

/** The input schemas, in the registry's order: the members of `actionInput`. */
export const KIND_SCHEMAS = KIND_DECLARATIONS.map((d) => d.schema) as unknown as SchemasOf<
  typeof KIND_DECLARATIONS
>;
type SchemasOf<T extends readonly { schema: unknown }[]> = { [I in keyof T]: T[I]['schema'] };

/** The declaration of one kind. */
export type DeclarationOf<K extends Declaration['kind']> = Extract<Declaration, { kind: K }>;

/** The kinds whose main side is the allocation family's; they need no file in src/main. */
export type AllocationKind = Extract<Declaration, { family: 'allocation' }>['kind'];
/** The kinds acting on one loan. */
export type LoanActionKind = Extract<Declaration, { family: 'loan' | 'allocation' }>['kind'];

const byKind = <F extends Declaration['family']>(...families: F[]) =>
  Object.fromEntries(
    KIND_DECLARATIONS.filter((d) => (families as string[]).includes(d.family)).map((d) => [d.kind, d]),
  );

/** The allocation kinds' declarations, for the main side's registry. */
export const ALLOCATION_KINDS = byKind('allocation') as unknown as {
  [K in AllocationKind]: DeclarationOf<K>;
};

/** Per loan action kind, its title and rule (the main side decides with them; the renderer offers). */
export const LOAN_ACTIONS = byKind('loan', 'allocation') as unknown as {
  [K in LoanActionKind]: LoanActionRule;
};

export const LOAN_ACTION_KINDS = Object.keys(LOAN_ACTIONS) as LoanActionKind[];

/**
 * Per loan action kind, for a loan and a side: refused (with the stated rule) or offered (with
 * warnings and the allocation pre-selected). Pure; what the differential test compares with what
 * the sandbox accepts.
 */
export function loanActionVerdicts(loan: Loan, side: LoanSide | null): Record<LoanActionKind, Verdict> {
  return Object.fromEntries(
    LOAN_ACTION_KINDS.map((kind) => [kind, LOAN_ACTIONS[kind].availability(loan, side)]),
  ) as Record<LoanActionKind, Verdict>;
}

/** The same, with the side worked out from the organization: what an action bar shows. */
export function availableLoanActions(loan: Loan, organizationId: string): Record<LoanActionKind, Verdict> {
  return loanActionVerdicts(loan, loanSide(loan, organizationId));
}
