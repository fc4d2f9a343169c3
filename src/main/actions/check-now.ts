/**
 * "Check now": after an outcome unknown, re-read the object the action touched and tell whether it
 * took effect, as the action's kind judges it (src/main/actions/kinds/: its `check`). Only reads
 * are sent here. Where the platform offers no read (the exchange's orders), the kind's plan says
 * so and what to look at instead, and the operator settles it by hand.
 */
import type { Settlement } from '../../shared/actions';
import type { Loan } from '../../shared/platform/resources';
import { ok, type Result } from '../../shared/result';
import type { PlatformClient } from '../platform/client';
import { getLoan } from '../platform/operations';
import { kindNamed } from './kinds';
import type { CheckPlan, CheckTarget, Judgement } from './kinds/kind-spec';

export type { CheckTarget } from './kinds/kind-spec';

/** A kind the console no longer sends, found in a journal: nothing here can read it. */
const RETIRED: CheckPlan = {
  available: false,
  what: 'The console no longer sends this kind of action: check it on the platform, then record here what you found.',
};

export function checkPlan(t: CheckTarget): CheckPlan {
  return kindNamed(t.kind)?.check.plan(t) ?? RETIRED;
}

/** What the loan now says about the action: settled done / not done, or null when it cannot tell. */
export function judgeLoan(t: CheckTarget, loan: Loan): Judgement {
  const judge = kindNamed(t.kind)?.check.judgeLoan;
  return judge === undefined
    ? { settled: null, found: 'Nothing to check for this kind of action.' }
    : judge(t, loan);
}

export async function checkNow(
  client: PlatformClient,
  organizationId: string,
  t: CheckTarget,
): Promise<Result<{ settled: Settlement | null; found: string; loan?: Loan }>> {
  const plan = checkPlan(t);
  if (!plan.available || t.loanId === undefined) return ok({ settled: null, found: plan.what });
  const read = await getLoan(client, organizationId, t.loanId);
  if (!read.ok) return read;
  return ok({ ...judgeLoan(t, read.value), loan: read.value });
}
