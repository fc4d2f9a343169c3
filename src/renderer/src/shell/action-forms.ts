/**
 * Every kind of action's form, one per `ActionKind` (the renderer's side of the registry in
 * src/main/actions/kinds/): the compiler refuses a kind without one. Each feature declares the
 * forms it shows; the shell, which composes the features, collects them here.
 */
import type { ActionFormRegistry } from '../components/actions/action-form';
import { EXCHANGE_ACTION_FORMS } from '../features/agent-wallets/exchange-action-form';
import { LOAN_ACTION_FORMS } from '../features/loans/loan-action-forms';

export const ACTION_FORMS = {
  ...LOAN_ACTION_FORMS,
  ...EXCHANGE_ACTION_FORMS,
} as const satisfies ActionFormRegistry;
