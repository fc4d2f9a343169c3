/**
 * Starting an action from a form: the shared schema gives early feedback at the field, then the
 * main side prepares the exact request (and may refuse it, again at the field), and only then does
 * the confirmation open. A refused amount never produces a request to the platform.
 */
import { useState } from 'react';
import { actionInput, type ActionInput, type ActionResult, type PreparedAction } from '@shared/actions';
import type { AppError } from '@shared/result';
import { useActionStore } from './action-store';
import { prepareAction } from './queries';

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
    /** Lines the confirmation lists, read from the prepared request (see OpenAction.summaryLines). */
    summarize?: (prepared: PreparedAction) => string[] | undefined,
  ): Promise<void>;
  reset(): void;
}

/** "action.collaterals.0.amount" → "collaterals.0.amount" (the form's own names). */
const formField = (path: string) => path.replace(/^action\./, '');

export function useActionLauncher(): ActionLauncher {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [preparing, setPreparing] = useState(false);

  const launch: ActionLauncher['launch'] = async (workspaceId, input, onResult, summarize) => {
    // Taken now: the control that started it may be disabled while the request is prepared.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
    const res = await prepareAction({ workspaceId, action: early.data });
    setPreparing(false);
    if (!res.ok) {
      if (res.error.field) {
        const message = res.error.message.replace(/^[\w.[\]]+: /, '');
        setFieldErrors({ [formField(res.error.field)]: message });
      } else setError(res.error);
      return;
    }
    const summaryLines = summarize?.(res.value);
    useActionStore.getState().show({
      prepared: res.value,
      onResult,
      returnFocus: opener,
      ...(summaryLines ? { summaryLines } : {}),
    });
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
