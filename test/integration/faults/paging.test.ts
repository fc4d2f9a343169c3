/**
 * The platform dies in the middle of `activities.listAll`: half-way through sending page 2, or
 * between page 1 and page 2. The renderer gets one clear failure saying how far it got, the job
 * reports `failed`, and the app keeps working.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { behaviours } from '../../support/misbehaving-server';
import { expectClearFailure, expectStillUsable, startFaultRig, virtualClock, type FaultRig } from './harness';

let rig: FaultRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

function progressOf(target: FaultRig, jobId: string): ProgressEvent[] {
  const seen: ProgressEvent[] = [];
  target.app.events.subscribe((event, payload) => {
    if (event === 'progress' && (payload as ProgressEvent).jobId === jobId)
      seen.push(payload as ProgressEvent);
  });
  return seen;
}

describe('the platform dies while paging', () => {
  // Page 1 asks for 10,000 rows (page-size negotiation, issue 30) and gets the 1,500 the platform
  // has: a short page, which is never the end, so page 2 is asked at offset 1,500.
  it('half-way through sending page 2: a cut-off answer, after 1500 rows', async () => {
    const r = (rig = await startFaultRig());
    r.server.behave((req, res, n) => {
      if (n === 0) return behaviours.healthy(req, res, n);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200000' });
      res.write(`{"activities": [${JSON.stringify({ activityId: 'act-1000' })},`);
      setTimeout(() => r.server.die(), 20);
    });
    const progress = progressOf(r, 'all-1');
    const result = await r.call('activities.listAll', { workspaceId: r.faulty, jobId: 'all-1' });
    expectClearFailure(
      result,
      'bad-response',
      /answer was cut off .*on page 2, after 1500 rows; nothing was kept/,
    );
    expect(r.server.hits.map((h) => new URL(h.url, 'http://x').searchParams.get('offset'))).toEqual([
      '0',
      '1500',
    ]);
    expect(progress.at(-1)?.phase).toBe('failed');

    // The platform is now gone: the next call says it cannot be reached, naming the address.
    const after = await r.call('activities.list', { workspaceId: r.faulty });
    expectClearFailure(after, 'network', /Could not reach the platform at 127\.0\.0\.1:\d+ \(ECONNREFUSED/);
    await expectStillUsable(r);
  });

  it('between page 1 and page 2: the connection drops, retries find nobody', async () => {
    const clock = virtualClock();
    const r = (rig = await startFaultRig({ clock }));
    r.server.behave((req, res, n) => {
      if (n === 0) return behaviours.healthy(req, res, n);
      r.server.die();
    });
    const progress = progressOf(r, 'all-2');
    const result = await r.call('activities.listAll', { workspaceId: r.faulty, jobId: 'all-2' });
    expectClearFailure(
      result,
      'network',
      /Could not reach the platform at 127\.0\.0\.1:\d+ .*on page 2, after 1500 rows; nothing was kept/,
    );
    // A GET is retried (3 tries in all), each backoff under the policy's cap (0.25 s, then 0.5 s).
    expect(clock.slept).toHaveLength(2);
    expect(clock.slept[0]).toBeLessThan(250);
    expect(clock.slept[1]).toBeLessThan(500);
    expect(progress.at(-1)?.phase).toBe('failed');
    const history = await r.call('history.list', { workspaceId: r.faulty });
    const attempts = history.ok ? (history.value as Array<{ path: string; attempt: number }>) : [];
    expect(attempts.filter((h) => h.path.includes('offset=1500')).map((h) => h.attempt)).toEqual([3, 2, 1]);
    await expectStillUsable(r);
  });

  it('answers the same walk in full once the platform is healthy', async () => {
    const r = (rig = await startFaultRig());
    const result = await r.call('activities.listAll', { workspaceId: r.faulty, jobId: 'all-3' });
    expect(result.ok && (result.value as { items: unknown[] }).items.length).toBe(1500);
  });
});
