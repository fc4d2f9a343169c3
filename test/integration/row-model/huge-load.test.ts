/**
 * The row model end to end against the `huge` sandbox, through its contract handlers: a load
 * delivers every row once, in order, field for field as the sandbox generated it (windows read
 * back to back), and a cancelled load leaves no store and no job. Correctness only: time and
 * memory are bench/activities-million.ts. The first 200,000 rows by default;
 * `COPPER_HUGE_ROWS=1000000` loads all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/main/events/event-bus';
import { JobRegistry } from '../../../src/main/jobs/job-registry';
import { RequestHistory } from '../../../src/main/history/request-history';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { PlatformClient } from '../../../src/main/platform/client';
import type { PlatformClients } from '../../../src/main/platform/platform-clients';
import { rowModelHandlers } from '../../../src/main/handlers/row-model-handlers';
import { RowStores } from '../../../src/main/row-model/row-stores';
import type { ProgressEvent } from '../../../src/shared/contract';
import { ACTIVITY_FIELDS, WINDOW_MAX_ROWS } from '../../../src/shared/row-model';
import type { Activity } from '../../../src/shared/platform/resources';
import { buildSandboxData } from '../../../src/sandbox/data/seed';
import { GeneratedActivities } from '../../../src/sandbox/data/generated-activities';
import { DEFAULT_SEED, startSandbox, type RunningSandbox } from '../../../src/sandbox/index';

const ROWS = Number(process.env.COPPER_HUGE_ROWS ?? 200_000);

let sb: RunningSandbox;
let handlers: ReturnType<typeof rowModelHandlers>;
const stores = new RowStores();
const jobs = new JobRegistry();
const events = new EventBus();

beforeAll(async () => {
  sb = await startSandbox({ size: 'huge', rateLimit: false });
  const signer = createHmacSigner(sb.apiKey, sb.apiSecret);
  const client = new PlatformClient({
    workspaceId: 'huge',
    baseUrl: sb.baseUrl,
    signer: async () => signer,
    history: new RequestHistory(),
  });
  const clients = {
    forWorkspace: async () => ({
      ok: true,
      value: { client, workspace: { organizationId: sb.organizationId }, keyId: 'test' },
    }),
  } as unknown as PlatformClients;
  handlers = rowModelHandlers({ clients, events, jobs, stores });
});
afterAll(async () => {
  await sb.close();
});

/** The caller's activities as the sandbox generates them, in its order. */
function expectedRows(from: number, to: number): Activity[] {
  const data = buildSandboxData(DEFAULT_SEED, 'huge');
  const list = data.activities.get(data.callerOrganizationId);
  if (!(list instanceof GeneratedActivities)) throw new Error('the huge caller has generated activities');
  return list.slice(from, to);
}

describe('row model load from the huge sandbox', () => {
  it(`delivers all ${ROWS} rows once, in order, exactly`, { timeout: 240_000 }, async () => {
    const loaded = await handlers['rows.loadActivities']({
      workspaceId: 'huge',
      jobId: 'load-all',
      ...(ROWS < 1_000_000 ? { maxRows: ROWS } : {}),
    });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value).toMatchObject({ rows: ROWS, duplicatesDropped: 0, incomplete: false });
    const expected = expectedRows(0, ROWS);
    const seen = new Set<string>();
    let mismatches = 0;
    let read = 0;
    // Bounded: one window per WINDOW_MAX_ROWS rows, and a window never comes back empty before the end.
    for (let offset = 0; offset < ROWS; offset += WINDOW_MAX_ROWS) {
      const win = await handlers['rows.window']({
        storeId: loaded.value.storeId,
        offset,
        count: WINDOW_MAX_ROWS,
        sort: null,
      });
      if (!win.ok) throw new Error(win.error.message);
      expect(win.value.total).toBe(ROWS);
      for (let i = 0; i < win.value.rows.length; i++) {
        const got = win.value.rows[i] as Activity;
        const want = expected[offset + i] as Activity;
        seen.add(got.activityId);
        for (const field of ACTIVITY_FIELDS) if (got[field] !== want[field]) mismatches++;
      }
      read += win.value.rows.length;
      if (win.value.rows.length === 0) break;
    }
    expect(read).toBe(ROWS);
    expect(seen.size).toBe(ROWS);
    expect(mismatches).toBe(0);
    // Sorted by time ascending, the sandbox's newest-first list comes back reversed.
    const oldest = await handlers['rows.window']({
      storeId: loaded.value.storeId,
      offset: 0,
      count: 3,
      sort: { id: 'createdAt', desc: false },
    });
    expect(oldest.ok && oldest.value.rows.map((r) => r.activityId)).toEqual(
      expected
        .slice(-3)
        .reverse()
        .map((r) => r.activityId),
    );
    expect(await handlers['rows.release']({ storeId: loaded.value.storeId })).toEqual({
      ok: true,
      value: { released: true },
    });
    expect(stores.count).toBe(0);
  });

  it('leaves no store and no job when cancelled in the middle', { timeout: 60_000 }, async () => {
    const progress: ProgressEvent[] = [];
    const off = events.subscribe((name, payload) => {
      if (name !== 'progress') return;
      const event = payload as ProgressEvent;
      progress.push(event);
      // Cancel once a few pages are in the store, so a partial store exists.
      if (event.jobId === 'load-cancel' && event.done >= 3000) jobs.cancel('load-cancel');
    });
    try {
      const result = await handlers['rows.loadActivities']({ workspaceId: 'huge', jobId: 'load-cancel' });
      expect(!result.ok && result.error.code).toBe('cancelled');
    } finally {
      off();
    }
    expect(progress.at(-1)?.phase).toBe('cancelled');
    expect(progress.some((p) => p.done >= 3000)).toBe(true);
    expect(stores.count).toBe(0);
    expect(jobs.cancel('load-cancel')).toBe(false); // no job left running under that id
  });
});
