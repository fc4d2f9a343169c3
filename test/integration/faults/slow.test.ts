/**
 * The platform answers slowly (here: never). With a short client timeout a read fails with
 * `timeout` and is not repeated; an action is sent once and its outcome is "unknown", never
 * "failed"; a running job stops on `jobs.cancel`. How fast it stops is measured by
 * bench/5-export-csv.ts, not asserted here; nor is how long a timeout takes (the client's unit
 * tests run its deadline on fake timers). Requests are counted once the call has settled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { behaviours } from '../../support/misbehaving-server';
import type { ActionResult } from '../../../src/shared/actions';
import {
  expectClearFailure,
  expectStillUsable,
  startFaultRig,
  untilFirstHit,
  type FaultRig,
} from './harness';

const TIMEOUT_MS = 1_000;
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig({ timeoutMs: TIMEOUT_MS });
});
afterAll(() => rig.close());

describe('a slow platform', () => {
  it('times a read out at the configured time, once', async () => {
    rig.server.behave(behaviours.silent());
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    expectClearFailure(result, 'timeout', /^The platform did not answer within 1 s/);
    expect(rig.server.hits).toHaveLength(1); // a timeout is not retried
    const history = await rig.call('history.list', { workspaceId: rig.faulty });
    const attempts = history.ok
      ? (history.value as Array<{ attempt: number; errorCode: string | null }>)
      : [];
    expect(attempts.map((h) => [h.attempt, h.errorCode])).toEqual([[1, 'timeout']]);
    await expectStillUsable(rig);
  });

  it('an exchange action that times out is "outcome unknown" and is never sent again', async () => {
    rig.server.behave(behaviours.silent());
    const prepared = await rig.call('actions.prepare', {
      workspaceId: rig.faulty,
      action: { kind: 'exchange.submit', action: { type: 'scheduleCancel' } },
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const result = await rig.call('actions.execute', { id: (prepared.value as { id: string }).id });
    const outcome = result.ok ? (result.value as ActionResult) : null;
    expect(outcome?.outcome).toBe('unknown');
    expect(outcome?.error?.message).toMatch(/did not answer within 1 s/);
    expect(outcome?.check?.available).toBe(false); // the platform has no read of orders: say what to check
    // The call has settled: whatever a (wrong) retry would have sent is in the hits by now.
    expect(rig.server.hits.map((h) => h.method)).toEqual(['POST']);
    await expectStillUsable(rig);
  });

  it('stops a running job on jobs.cancel, and sends nothing after it', async () => {
    rig.server.behave(behaviours.silent());
    const progress: ProgressEvent[] = [];
    const unsubscribe = rig.app.events.subscribe((event, payload) => {
      if (event === 'progress') progress.push(payload as ProgressEvent);
    });
    const running = rig.call('activities.listAll', { workspaceId: rig.faulty, jobId: 'slow-walk' });
    await untilFirstHit(rig); // the first page is asked for and never answered
    const cancel = await rig.call('jobs.cancel', { jobId: 'slow-walk' });
    expect(cancel).toEqual({ ok: true, value: { cancelled: true } });
    const result = await running;
    expectClearFailure(result, 'cancelled', /Cancelled/);
    // The walk has settled on the cancel: no page was asked for after the first.
    expect(rig.server.hits).toHaveLength(1);
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
