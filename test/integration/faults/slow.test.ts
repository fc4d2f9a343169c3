/**
 * The platform answers slowly (here: never). With a short client timeout a read fails with
 * `timeout` and is not repeated; an action is sent once and its outcome is "unknown", never
 * "failed"; a running job stops on `jobs.cancel`. How fast it stops is measured by
 * bench/5-export-csv.ts, not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { behaviours } from '../../support/misbehaving-server';
import type { ActionResult } from '../../../src/shared/actions';
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
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50); // it waited the configured time
    expect(rig.server.hits).toHaveLength(1); // a timeout is not retried
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
    await new Promise((r) => setTimeout(r, 300)); // room for a (wrong) second attempt to show
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
    await new Promise((r) => setTimeout(r, 200));
    const cancel = await rig.call('jobs.cancel', { jobId: 'slow-walk' });
    expect(cancel).toEqual({ ok: true, value: { cancelled: true } });
    const result = await running;
    const hitsAtCancel = rig.server.hits.length;
    expectClearFailure(result, 'cancelled', /Cancelled/);
    expect(progress.filter((p) => p.jobId === 'slow-walk').at(-1)?.phase).toBe('cancelled');
    unsubscribe();
    // The job id is free again, and a second cancel says there was nothing to cancel.
    expect(await rig.call('jobs.cancel', { jobId: 'slow-walk' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(rig.server.hits.length).toBe(hitsAtCancel); // no page was asked for after the cancel
    await expectStillUsable(rig);
  });
});
