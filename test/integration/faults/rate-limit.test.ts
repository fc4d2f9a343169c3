/**
 * 429 storms: a read backs off and tries at most `maxAttempts` (3) times, with pauses within the
 * policy's bounds, honouring Retry-After; every action (POST /exchange, each loan PATCH) is sent
 * exactly once, whatever the answer, because the platform makes none of them idempotent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviours } from '../../support/misbehaving-server';
import { expectClearFailure, expectStillUsable, startFaultRig, type FaultRig } from './harness';

const MAX_ATTEMPTS = 3;
const MAX_DELAY_MS = 4_000;
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig();
});
afterAll(() => rig.close());

const gaps = () => rig.server.hits.slice(1).map((h, i) => h.at - rig.server.hits[i]!.at);

describe('a 429 storm', () => {
  it('a read backs off with jitter and stops after maxAttempts', async () => {
    rig.server.behave(behaviours.tooManyRequests());
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(result.ok || result.error.status).toBe(429);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    for (const gap of gaps()) expect(gap).toBeLessThan(MAX_DELAY_MS);
    await expectStillUsable(rig);
  });

  it('a read honours Retry-After (capped by the policy)', async () => {
    rig.server.behave(behaviours.tooManyRequests(1));
    const result = await rig.call('wallets.list', { workspaceId: rig.faulty });
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    expect(rig.server.hits).toHaveLength(MAX_ATTEMPTS);
    for (const gap of gaps()) {
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThan(MAX_DELAY_MS);
    }
  });

  const loan = { workspaceId: '', loanId: 'loan-1' };
  const actions: Array<[string, string, (ws: string) => unknown]> = [
    [
      'exchange.submit',
      'POST',
      (ws) => ({ workspaceId: ws, portfolioId: 'p1', action: { type: 'scheduleCancel' }, nonce: Date.now() }),
    ],
    ['loans.approve', 'PATCH', (ws) => ({ ...loan, workspaceId: ws })],
    ['loans.estimateLtv', 'PATCH', (ws) => ({ ...loan, workspaceId: ws, amount: '10' })],
    ['loans.acceptRepayment', 'PATCH', (ws) => ({ ...loan, workspaceId: ws })],
    ['loans.cancelInterestPayment', 'PATCH', (ws) => ({ ...loan, workspaceId: ws, loanAllocationId: 'a1' })],
    [
      'loans.confirmExternalDisbursement',
      'PATCH',
      (ws) => ({ ...loan, workspaceId: ws, loanAllocationId: 'a1' }),
    ],
    [
      'loans.ltvDryRun',
      'PATCH',
      (ws) => ({ workspaceId: ws, body: { loanAmount: '1000', loanCurrency: 'USDC' } }),
    ],
  ];
  it.each(actions)('%s is sent exactly once', async (name, method, input) => {
    rig.server.behave(behaviours.tooManyRequests(0));
    const result = await rig.call(name, input(rig.faulty));
    expectClearFailure(result, 'rate-limited', /Rate limit exceeded/);
    await new Promise((r) => setTimeout(r, 300)); // room for a (wrong) second attempt to show
    expect(rig.server.hits.map((h) => h.method)).toEqual([method]);
    await expectStillUsable(rig);
  });
});
