/**
 * Pacing that shows (src/main/exports/job-pacing.ts, src/shared/job-pacing.ts): a job's progress
 * carries whether it waits for the request budget, until when, and the requests of the window;
 * the words are the issue's.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportActivitiesCsv } from '../../../src/main/exports/activities-csv';
import { useClientFixture } from '../../support/fixtures/platform-client';
import type { ProgressEvent } from '../../../src/shared/contract';
import { PLATFORM_LIMITS, type GuardStatus } from '../../../src/shared/platform/limits';
import { pacedProgress, pacingOf } from '../../../src/main/exports/job-pacing';
import { LockoutGuard } from '../../../src/main/guard/lockout-guard';
import { pausedLine, requestsLine, rowsLine } from '../../../src/shared/job-pacing';

const status = (count: number, pausedUntil: string | null = null): GuardStatus => ({
  workspaceId: 'ws',
  authFailures: { count: 0, limit: 30, windowMs: 3_600_000 },
  businessFailures: { count: 0, limit: 60, windowMs: 60_000 },
  requests: { count, limit: 1000, windowMs: 300_000 },
  pausedUntil,
  refusing: null,
});
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

describe('pacingOf', () => {
  it('a job running: no pause, the requests spent and what is left of its share', () => {
    expect(pacingOf(null, status(412))).toEqual({
      pausedUntil: null,
      cause: null,
      limit: 1000,
      windowMs: 300_000,
      spent: 412,
      left: 388,
    });
  });

  it('paused by the budget, and by a 429; another refusal is no pause', () => {
    const at = Date.UTC(2026, 10, 27, 12, 41, 10);
    const budget = pacingOf({ reason: 'share spent', retryAt: at, budgetOnly: true }, status(800));
    expect(budget).toMatchObject({ pausedUntil: String(at), cause: 'budget', left: 0 });
    expect(pausedLine(budget, utc)).toBe(
      'Paused by the rate budget (the platform allows 1,000 requests per 5 minutes); resumes at 12:41:10',
    );
    const slowDown = pacingOf({ reason: '429', retryAt: at, budgetOnly: false }, status(10, String(at)));
    expect(slowDown.cause).toBe('platform');
    expect(pausedLine(slowDown, utc)).toBe(
      'Paused: the platform asked the console to slow down (HTTP 429); resumes at 12:41:10',
    );
    const auth = pacingOf({ reason: 'auth failures', retryAt: at, budgetOnly: false }, status(10));
    expect(auth).toMatchObject({ pausedUntil: null, cause: null });
    expect(pausedLine(auth, utc)).toBeNull();
  });

  it('with a real guard: the 800th bulk request of the window pauses the job until the first leaves it', () => {
    let now = Date.UTC(2026, 10, 27, 12, 36, 10);
    const guard = new LockoutGuard('ws', { now: () => now });
    const first = now;
    for (let i = 0; i < 800; i++) {
      guard.noteAnswer(200, null, null, guard.noteSent());
      now += 10;
    }
    const p = pacingOf(guard.admit('bulk'), guard.status());
    expect(p).toMatchObject({ cause: 'budget', pausedUntil: String(first + 300_000), spent: 800, left: 0 });
    expect(pausedLine(p, utc)).toContain('resumes at 12:41:10');
    expect(pacingOf(guard.admit('interactive'), guard.status()).pausedUntil).toBeNull();
  });
});

describe('pacedProgress', () => {
  it('adds the pacing to each event once the counters are read', async () => {
    const seen: ProgressEvent[] = [];
    const emit = pacedProgress((e) => seen.push(e), { admit: () => null, status: async () => status(7) });
    await Promise.resolve();
    await Promise.resolve();
    emit({ jobId: 'j', done: 100, rowsWritten: 3, total: null, pages: 1, phase: 'running' });
    expect(seen[0]?.pacing).toMatchObject({ spent: 7, left: 793, pausedUntil: null });
    expect(seen[0]?.rowsWritten).toBe(3);
  });

  it('without counters the events go out as they are', () => {
    const seen: ProgressEvent[] = [];
    const emit = pacedProgress((e) => seen.push(e), {
      admit: () => null,
      status: () => Promise.reject(new Error('no key')),
    });
    emit({ jobId: 'j', done: 1, total: null, pages: 0, phase: 'running' });
    expect(seen).toEqual([{ jobId: 'j', done: 1, total: null, pages: 0, phase: 'running' }]);
  });
});

describe('an export paused by the budget', () => {
  const fx = useClientFixture();

  it('says so in its progress, and Cancel ends it while it waits (no file left)', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('activityId\r\na-1\r\n');
    });
    const guard = new LockoutGuard('ws', {
      limits: { ...PLATFORM_LIMITS, requests: { limit: 10, windowMs: 300_000 } },
    });
    for (let i = 0; i < 8; i++) guard.noteAnswer(200, null, null, guard.noteSent()); // the job's share: 8 of 10
    // The real sleep: the wait ends only by the cancel (or 5 minutes later).
    const client = fx.client({ guard, sleep: undefined });
    const dir = await mkdtemp(join(tmpdir(), 'paced-export-'));
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    let pausedSeen: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (pausedSeen = resolve));
    const onProgress = pacedProgress(
      (e) => {
        events.push(e);
        if (e.pacing?.pausedUntil) pausedSeen();
      },
      { admit: () => guard.admit('bulk'), status: async () => guard.status() },
    );
    const done = exportActivitiesCsv({
      client,
      organizationId: 'org-1',
      filters: {},
      filePath: join(dir, 'paced.csv'),
      signal: controller.signal,
      onProgress,
    });
    await paused;
    const event = events.find((e) => e.pacing?.pausedUntil);
    expect(event?.pacing).toMatchObject({ cause: 'budget', spent: 8, left: 0, limit: 10 });
    expect(fx.server.hits).toHaveLength(0); // nothing sent while paused
    controller.abort();
    const result = await done;
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(await readdir(dir)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('the words', () => {
  it('rows written, of about N, and the requests of the window', () => {
    expect(rowsLine(12_000, 1_000_000)).toBe('12,000 rows written (of about 1,000,000)');
    expect(rowsLine(1, null)).toBe('1 row written');
    expect(requestsLine(pacingOf(null, status(412)))).toBe(
      '412 requests spent in this window, 388 left for this job',
    );
  });
});
