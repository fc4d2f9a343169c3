/**
 * How the renderer declares the form of each kind of action: every `ActionKind` has one, collected
 * in shell/action-forms.ts and typed so that a kind without a form fails the type check. The form
 * builds the kind's input from what the operator typed; `launch` (./use-action.ts) prepares it and
 * the confirmation (./ActionDialog.tsx) shows the exact request.
 */
import type { ActionKind } from '@shared/actions';

export interface ActionForm<K extends ActionKind = ActionKind> {
  kind: K;
  /** The button that starts it ("Accept repayment…"); its test id is `action-<kind>`. */
  label: string;
  /** Where the operator finds it, in words: "Loans → a loan's detail". */
  where: string;
}

/** One form per kind, each typed for its own kind. */
export type ActionFormRegistry = { readonly [K in ActionKind]: ActionForm<K> };
