/**
 * 429 storms: a read backs off exponentially (or for what Retry-After says, never less) and tries
 * at most `maxAttempts` (3) times; a long Retry-After stops the read at once and holds the
 * workspace until then; every action (POST /exchange, each loan PATCH) is sent exactly once,
 * whatever the answer, because the platform makes none of them idempotent, and a 429 is "refused".
 * The clients run on a virtual clock: each backoff is read from the waits they asked for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActionResult, PreparedAction } from '../../../src/shared/actions';
import type { GuardStatus } from '../../../src/shared/platform/limits';
import { behaviours } from '../../support/misbehaving-server';
import {
  expectClearFailure,
  expectStillUsable,
  readsLoanThen,
  startFaultRig,
  virtualClock,
  type FaultRig,
} from './harness';

const MAX_ATTEMPTS = 3;
const clock = virtualClock();
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig({ clock });
});
afterAll(() => rig.close());

/** Each test gets a workspace of its own, so no pause left by an earlier 429 holds it back. */
let ws: string;
beforeEach(async () => {
  ws = await rig.freshFaulty();
  clock.slept.length = 0;
});

/** Moves the clock to when the workspace's guard stops holding it back (its pause after a 429). */
async function passThePause(workspaceId: string): Promise<void> {
  const status = await rig.call('guard.status', { workspaceId });
  const refusing = status.ok ? (status.value as GuardStatus).refusing : null;
  expect(refusing).not.toBeNull();
  clock.advance(Number(refusing?.retryAt) - clock.now());
  const after = await rig.call('guard.status', { workspaceId });
  expect(after.ok && (after.value as GuardStatus).refusing).toBeNull();
}

describe('a 429 storm', () => {
  it('a read backs off exponentially, stops after maxAttempts, and says when to try again', async () => {
    rig.server.behave(behaviours.tooManyRequests());
    const result = await rig.call('portfolios.list', { workspaceId: ws });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(result.ok || result.error.status).toBe(429);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    // 1 s, then 2 s: platform-facts says back off exponentially; the guard's pause is the floor.
    expect(clock.slept).toEqual([1_000, 2_000]);
    // The next try may come after the pause the third 429 set: 4 s from now.
    expect(result.ok || Number(result.error.retryAt)).toBe(clock.now() + 4_000);
    await expectStillUsable(rig);
  });

  it('a read honours Retry-After and never retries sooner', async () => {
    rig.server.behave(behaviours.tooManyRequests(1));
    const result = await rig.call('wallets.list', { workspaceId: ws });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    expect(clock.slept).toEqual([1_000, 1_000]); // the jitter alone would be under 0.25 s and 0.5 s
  });

  it('a long Retry-After stops the read at once; the workspace is then held, with nothing sent', async () => {
    rig.server.behave(behaviours.tooManyRequests(3));
    await rig.call('wallets.list', { workspaceId: ws, nonEmpty: true });
    // 3 s is within an operator's wait (10 s): waited, then the same answer twice more.
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    expect(clock.slept).toEqual([3_000, 3_000]);
    await passThePause(ws);
    clock.slept.length = 0;
    rig.server.behave(behaviours.tooManyRequests(120));
    const before = clock.now();
    const long = await rig.call('wallets.list', { workspaceId: ws });
    expectClearFailure(long, 'rate-limited', /Rate limit exceeded/);
    expect(rig.server.hits).toHaveLength(1);
    expect(clock.slept).toEqual([]); // past an operator's wait: no retry at all
    expect(long.ok || Number(long.error.retryAt) - before).toBe(120_000);
    const held = await rig.call('portfolios.list', { workspaceId: ws });
    expectClearFailure(held, 'guard-refused', /waiting 120 s/);
    expect(rig.server.hits).toHaveLength(1);
  });
});

describe('every action on a 429', () => {
  const actions: Array<[string, string, Record<string, unknown>]> = [
    ['exchange.submit', 'POST', { action: { type: 'scheduleCancel' } }],
    ['loans.approve', 'PATCH', { loanId: 'loan-1' }],
    ['loans.acceptRepayment', 'PATCH', { loanId: 'loan-1' }],
    ['loans.cancelInterestPayment', 'PATCH', { loanId: 'loan-1', loanAllocationId: 'a1' }],
    ['loans.confirmExternalDisbursement', 'PATCH', { loanId: 'loan-1', loanAllocationId: 'a1' }],
  ];
  it.each(actions)(
    '%s is sent exactly once and is "refused", never retried',
    async (kind, method, fields) => {
      rig.server.behave(readsLoanThen(kind, behaviours.tooManyRequests()));
      const prepared = await rig.call('actions.prepare', {
        workspaceId: ws,
        action: { kind, ...fields },
      });
      expect(prepared.ok, JSON.stringify(prepared).slice(0, 300)).toBe(true);
      if (!prepared.ok) return;
      const result = await rig.call('actions.execute', { id: (prepared.value as PreparedAction).id });
      expect(result.ok).toBe(true);
      const outcome = result.ok ? (result.value as ActionResult) : null;
      expect(outcome?.outcome).toBe('refused');
      expect(outcome?.error?.code).toBe('rate-limited');
      // The call has settled: nothing more is sent for it, and no retry was even waited for.
      expect(rig.server.hits.filter((h) => h.method !== 'GET').map((h) => h.method)).toEqual([method]);
      expect(clock.slept).toEqual([]);
      await expectStillUsable(rig);
    },
  );
});
