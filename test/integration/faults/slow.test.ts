/**
 * The platform answers slowly (here: never). With a short client timeout a read fails with
 * `timeout` and is not repeated; an action is sent once; a running job stops within 250 ms of
 * `jobs.cancel`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { behaviours } from '../../support/misbehaving-server';
import { expectClearFailure, expectStillUsable, startFaultRig, type FaultRig } from './harness';

const TIMEOUT_MS = 1_000;
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig({ timeoutMs: TIMEOUT_MS });
});
afterAll(() => rig.close());

describe('a slow platform', () => {
  it('times a read out after the configured time, once', async () => {
    rig.server.behave(behaviours.silent());
    const started = performance.now();
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    const elapsed = performance.now() - started;
    expectClearFailure(result, 'timeout', /^The platform did not answer within 1 s/);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(rig.server.hits).toHaveLength(1); // a timeout is not retried
    await expectStillUsable(rig);
  });

  it('times an exchange action out and never sends it again', async () => {
    rig.server.behave(behaviours.silent());
    const result = await rig.call('exchange.submit', {
      workspaceId: rig.faulty,
      portfolioId: 'p1',
      action: { type: 'scheduleCancel' },
      nonce: Date.now(),
    });
    expectClearFailure(result, 'timeout', /did not answer within 1 s/);
    await new Promise((r) => setTimeout(r, 300)); // room for a (wrong) second attempt to show
    expect(rig.server.hits.map((h) => h.method)).toEqual(['POST']);
    await expectStillUsable(rig);
  });

  it('stops a running job within 250 ms of jobs.cancel', async () => {
    rig.server.behave(behaviours.silent());
    const progress: ProgressEvent[] = [];
    const unsubscribe = rig.app.events.subscribe((event, payload) => {
      if (event === 'progress') progress.push(payload as ProgressEvent);
    });
    const running = rig.call('activities.listAll', { workspaceId: rig.faulty, jobId: 'slow-walk' });
    await new Promise((r) => setTimeout(r, 200));
    const cancelledAt = performance.now();
    const cancel = await rig.call('jobs.cancel', { jobId: 'slow-walk' });
    expect(cancel).toEqual({ ok: true, value: { cancelled: true } });
    const result = await running;
    expect(performance.now() - cancelledAt).toBeLessThan(250);
    expectClearFailure(result, 'cancelled', /Cancelled/);
    expect(progress.filter((p) => p.jobId === 'slow-walk').at(-1)?.phase).toBe('cancelled');
    unsubscribe();
    // The job id is free again, and a second cancel says there was nothing to cancel.
    expect(await rig.call('jobs.cancel', { jobId: 'slow-walk' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    await expectStillUsable(rig);
  });
});
