/**
 * 429 storms: a read backs off exponentially (or for what Retry-After says, never less) and tries
 * at most `maxAttempts` (3) times; a long Retry-After stops the read at once and holds the
 * workspace until then; every action (POST /exchange, each loan PATCH) is sent exactly once,
 * whatever the answer, because the platform makes none of them idempotent, and a 429 is "refused".
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
  type FaultRig,
} from './harness';

const MAX_ATTEMPTS = 3;
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig();
});
afterAll(() => rig.close());

/** Each test gets a workspace of its own, so no pause left by an earlier 429 holds it back. */
let ws: string;
beforeEach(async () => {
  ws = await rig.freshFaulty();
});

/** Waits until the workspace's guard no longer holds it back (the pause after a 429 has passed). */
async function untilReleased(workspaceId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const status = await rig.call('guard.status', { workspaceId });
    if (status.ok && (status.value as GuardStatus).refusing === null) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the guard kept the workspace held');
}

const gaps = () => rig.server.hits.slice(1).map((h, i) => h.at - rig.server.hits[i]!.at);

describe('a 429 storm', () => {
  it('a read backs off exponentially, stops after maxAttempts, and says when to try again', async () => {
    rig.server.behave(behaviours.tooManyRequests());
    const before = Date.now();
    const result = await rig.call('portfolios.list', { workspaceId: ws });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(result.ok || result.error.status).toBe(429);
    expect(result.ok || Number(result.error.retryAt)).toBeGreaterThan(before);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(950); // 1 s, then 2 s: platform-facts says back off exponentially
    expect(second).toBeGreaterThanOrEqual(1950);
    await expectStillUsable(rig);
  });

  it('a read honours Retry-After and never retries sooner', async () => {
    rig.server.behave(behaviours.tooManyRequests(1));
    const result = await rig.call('wallets.list', { workspaceId: ws });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    for (const gap of gaps()) expect(gap).toBeGreaterThanOrEqual(950);
  });

  it('a long Retry-After stops the read at once; the workspace is then held, with nothing sent', async () => {
    rig.server.behave(behaviours.tooManyRequests(3));
    const before = Date.now();
    await rig.call('wallets.list', { workspaceId: ws, nonEmpty: true });
    // 3 s is within an operator's wait (10 s): waited, then the same answer twice more.
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    await untilReleased(ws);
    rig.server.behave(behaviours.tooManyRequests(120));
    const long = await rig.call('wallets.list', { workspaceId: ws });
    expectClearFailure(long, 'rate-limited', /Rate limit exceeded/);
    expect(rig.server.hits).toHaveLength(1);
    expect(long.ok || Number(long.error.retryAt) - before).toBeGreaterThanOrEqual(120_000);
    const held = await rig.call('portfolios.list', { workspaceId: ws });
    expectClearFailure(held, 'guard-refused', /waiting 1\d\d s/);
    expect(rig.server.hits).toHaveLength(1);
  }, 30_000);
});

describe('every action on a 429', () => {
  const actions: Array<[string, string, Record<string, unknown>]> = [
    ['exchange.submit', 'POST', { action: { type: 'scheduleCancel' } }],
    ['loans.approve', 'PATCH', { loanId: 'loan-1' }],
    ['loans.estimateLtv', 'PATCH', { loanId: 'loan-1', amount: '10' }],
    ['loans.acceptRepayment', 'PATCH', { loanId: 'loan-1' }],
    ['loans.cancelInterestPayment', 'PATCH', { loanId: 'loan-1', loanAllocationId: 'a1' }],
    ['loans.confirmExternalDisbursement', 'PATCH', { loanId: 'loan-1', loanAllocationId: 'a1' }],
    ['loans.ltvDryRun', 'PATCH', { body: { loanAmount: '1000', loanCurrency: 'USDC' } }],
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
      await new Promise((r) => setTimeout(r, 300)); // room for a (wrong) second attempt to show
      expect(rig.server.hits.filter((h) => h.method !== 'GET').map((h) => h.method)).toEqual([method]);
      await expectStillUsable(rig);
    },
  );
});
