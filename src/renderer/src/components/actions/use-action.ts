/**
 * Starting an action from a form: the shared schema gives early feedback at the field, then the
 * main side prepares the exact request (and may refuse it, again at the field), and only then does
 * the confirmation open. A refused amount never produces a request to the platform.
 */
import { useState } from 'react';
import { actionInput, type ActionInput, type ActionResult, type PreparedAction } from '@shared/actions';
import type { AppError } from '@shared/result';
import { copper } from '../../lib/api';
import { useActionStore } from './action-store';

export interface ActionLauncher {
  /** Field name (as in the action input, e.g. "amount") → what to fix. */
  fieldErrors: Record<string, string>;
  /** A refusal that belongs to no single field. */
  error: AppError | null;
  preparing: boolean;
  launch(
    workspaceId: string,
    input: ActionInput,
    onResult?: (r: ActionResult, prepared: PreparedAction) => void,
  ): Promise<void>;
  reset(): void;
}

/** "action.collaterals.0.amount" → "collaterals.0.amount" (the form's own names). */
const formField = (path: string) => path.replace(/^action\./, '');

export function useActionLauncher(): ActionLauncher {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [preparing, setPreparing] = useState(false);

  const launch: ActionLauncher['launch'] = async (workspaceId, input, onResult) => {
    setFieldErrors({});
    setError(null);
    const early = actionInput.safeParse(input);
    if (!early.success) {
      const errs: Record<string, string> = {};
      for (const issue of early.error.issues) errs[issue.path.map(String).join('.')] ??= issue.message;
      setFieldErrors(errs);
      return;
    }
    setPreparing(true);
    const res = await copper().actions.prepare({ workspaceId, action: early.data });
    setPreparing(false);
    if (!res.ok) {
      if (res.error.field) {
        const message = res.error.message.replace(/^[\w.[\]]+: /, '');
        setFieldErrors({ [formField(res.error.field)]: message });
      } else setError(res.error);
      return;
    }
    useActionStore.getState().show({ prepared: res.value, onResult });
  };

  return {
    fieldErrors,
    error,
    preparing,
    launch,
    reset: () => {
      setFieldErrors({});
      setError(null);
    },
  };
}

/** Prepares and sends at once, for actions that change nothing (an estimate, a dry run). */
export async function runReadOnlyAction(
  workspaceId: string,
  input: ActionInput,
): Promise<{ ok: true; result: ActionResult; body: string | null } | { ok: false; error: AppError }> {
  const prepared = await copper().actions.prepare({ workspaceId, action: input });
  if (!prepared.ok) return prepared;
  if (prepared.value.changesState) throw new Error(`${input.kind} changes state: it needs a confirmation`);
  const result = await copper().actions.execute({ id: prepared.value.id });
  return result.ok ? { ok: true, result: result.value, body: prepared.value.request.body } : result;
}
