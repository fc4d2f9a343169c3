/**
 * One action, journalled the way an action must be: "prepared", then "sent" fsync'd BEFORE the
 * signed PATCH leaves, then "answered" and "outcome". Kept apart from the child process so that the
 * kill test can later drive the real ActionService (src/main/actions) through the same seam.
 */
import type { Journals } from '../../../src/main/journal/journals';
import type { PlatformClient } from '../../../src/main/platform/client';

export const WORKSPACE_ID = 'kill-test-ws';
export const APPROVE_MEDIA_TYPE = 'application/vnd.approve-loan+json';

export interface DriverContext {
  journals: Journals;
  client: PlatformClient;
  organizationId: string;
  /** Values the journal must refuse to write (the API secret). */
  secrets: readonly string[];
  /** Told after each step, so the parent can choose where to kill. */
  onStep: (actionIndex: number, step: string) => void;
}

/** The loan each action approves: unique per action, so the sandbox's log tells actions apart. */
export const loanIdOf = (index: number): string => `kill-loan-${index}`;
export const actionIdOf = (index: number): string => `action-${index}`;

export async function runApproveAction(ctx: DriverContext, index: number): Promise<void> {
  const base = {
    actionId: actionIdOf(index),
    action: 'loans.approve',
    workspaceId: WORKSPACE_ID,
    workspaceName: 'Kill test',
    environment: 'sandbox' as const,
    keyId: 'kill-test-key',
    object: `loan ${loanIdOf(index)}`,
  };
  const path = `/organizations/${ctx.organizationId}/loans/${loanIdOf(index)}`;
  const opts = { secrets: ctx.secrets };
  await ctx.journals.append(
    { ...base, step: 'prepared', detail: { method: 'PATCH', path, contentType: APPROVE_MEDIA_TYPE } },
    opts,
  );
  ctx.onStep(index, 'prepared');
  await ctx.journals.append({ ...base, step: 'sent' }, opts);
  ctx.onStep(index, 'sent');
  const result = await ctx.client.request<unknown>({
    method: 'PATCH',
    path,
    contentType: APPROVE_MEDIA_TYPE,
    operation: 'loans.approve',
  });
  ctx.onStep(index, 'answered-in-memory');
  const answer = result.ok
    ? { ok: true }
    : { ok: false, code: result.error.code, message: result.error.message };
  await ctx.journals.append({ ...base, step: 'answered', detail: answer }, opts);
  ctx.onStep(index, 'answered');
  const outcome = result.ok
    ? 'done'
    : result.error.code === 'network' || result.error.code === 'timeout'
      ? 'unknown'
      : 'refused';
  await ctx.journals.append({ ...base, step: 'outcome', outcome }, opts);
  ctx.onStep(index, 'outcome');
}
