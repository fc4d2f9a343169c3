/**
 * The main side's registry of action kinds: one spec per kind of the shared registry
 * (src/shared/action-kinds/, where each kind is declared; docs/actions.md lists them). An
 * allocation kind's spec comes from its declaration alone (`allocationKinds`); any other kind has
 * a file of this folder and a line here, and the compiler names this file when a declared kind has
 * neither, or a spec is filed under another kind's key.
 */
import type { ActionInput, ActionKind } from '../../../shared/actions';
import { acceptRepayment } from './accept-repayment';
import { approve } from './approve';
import { exchangeSubmit } from './exchange-submit';
import type { ActionKindRegistry, ActionKindSpec } from './kind-spec';
import { allocationKinds } from './loan-kind';

export const ACTION_KINDS = {
  ...allocationKinds(),
  'loans.approve': approve,
  'loans.acceptRepayment': acceptRepayment,
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
