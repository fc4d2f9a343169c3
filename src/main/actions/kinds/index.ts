/**
 * The registry of action kinds: one line per `ActionKind`, each kind's parts in its own file of
 * this folder (docs/actions.md lists them and says how to add one). The compiler refuses a kind
 * of `actionInput` without its line here, and a spec filed under another kind's key.
 */
import type { ActionInput, ActionKind } from '../../../shared/actions';
import { acceptRepayment } from './accept-repayment';
import { approve } from './approve';
import { cancelInterestPayment } from './cancel-interest-payment';
import { confirmExternalDisbursement } from './confirm-external-disbursement';
import { exchangeSubmit } from './exchange-submit';
import type { ActionKindRegistry, ActionKindSpec } from './kind-spec';

export const ACTION_KINDS = {
  'loans.approve': approve,
  'loans.cancelInterestPayment': cancelInterestPayment,
  'loans.acceptRepayment': acceptRepayment,
  'loans.confirmExternalDisbursement': confirmExternalDisbursement,
  'exchange.submit': exchangeSubmit,
} as const satisfies ActionKindRegistry;

/**
 * The spec of an input's kind, for dispatch (the router parsed the input with its schema). Each
 * spec is typed for its own kind; looked up by the input's own kind, it is the spec for that input,
 * which the one cast here states (a schema's type does not widen by itself).
 */
export function kindOf(input: ActionInput): ActionKindSpec {
  return specOf(input.kind);
}

/** The spec of a kind (see `kindOf` for the cast). */
export function specOf(kind: ActionKind): ActionKindSpec {
  return ACTION_KINDS[kind] as ActionKindSpec;
}

/**
 * The spec of a kind named by a journal entry, or undefined for a kind the console no longer
 * sends (the LTV estimate and dry run, actions before issue 27).
 */
export function kindNamed(kind: string): ActionKindSpec | undefined {
  return Object.hasOwn(ACTION_KINDS, kind) ? specOf(kind as ActionKind) : undefined;
}

export type { ActionKindSpec, BuildContext, BuiltRequest, CheckTarget } from './kind-spec';
