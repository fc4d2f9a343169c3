/**
 * Page-size negotiation (src/main/platform/page-size-negotiation.ts) through the real walks and client,
 * against three platforms: one that serves 10,000 rows a page, one that caps pages at 1,000
 * without saying so, and one that answers 400 above 1,000. Every walk keeps every row once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LearnedPageSize, NegotiatedOperation } from '../../../src/shared/platform/page-limits';
import type { PageSizeMemory } from '../../../src/main/platform/page-size-store';
import {
  PageSizeNegotiation,
  negotiatePageSize,
  rememberPageSizes,
} from '../../../src/main/platform/page-size-negotiation';
import { listAllActivities } from '../../../src/main/platform/fetch-all';
import { exportActivitiesCsv } from '../../../src/main/exports/activities-csv';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

const fx = useClientFixture();
const TOTAL = 12_345;
const ALL = Array.from({ length: TOTAL }, (_, i) => `a-${i}`);

/** A memory in a Map, recording what was learned. */
function memory(initial: LearnedPageSize[] = []) {
  const entries = new Map<string, LearnedPageSize>(initial.map((e) => [e.operation, e]));
  const learned: LearnedPageSize[] = [];
  const m: PageSizeMemory = {
    load: async () => undefined,
    known: (_ws, op: NegotiatedOperation) => entries.get(op),
    learn: (_ws, entry) => {
      learned.push(entry);
      entries.set(entry.operation, entry);
    },
  };
  return { m, learned };
}

type Platform = 'serves' | 'caps' | 'refuses';

/** Serves TOTAL activities; records each `limit` asked (and the status answered). */
function platform(kind: Platform) {
  const asked: string[] = [];
  fx.server.setHandler((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    if (kind === 'refuses' && limit > 1000) {
      asked.push(`${offset}:${limit}:400`);
      return sendJson(res, 400, { error: 'bad-request', message: 'limit: too large' });
    }
    asked.push(`${offset}:${limit}`);
    const served = kind === 'caps' ? Math.min(limit, 1000) : limit;
    const rows = ALL.slice(offset, offset + served).map((activityId) => ({ activityId }));
    sendJson(res, 200, { activities: rows });
  });
  return asked;
}

async function walk(m: PageSizeMemory | null) {
  const client = fx.client();
  if (m !== null) rememberPageSizes(client, m);
  const r = await listAllActivities(client, 'org-1', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('page-size negotiation through the walk', () => {
  it.each([
    ['serves', ['0:10000', '10000:10000', '12345:10000'], { size: 10_000, verdict: 'served', asked: 10_000 }],
    [
      'caps',
      Array.from({ length: 14 }, (_, i) => `${i * 1000}:10000`).map((q) =>
        q === '13000:10000' ? '12345:10000' : q,
      ),
      { size: 1000, verdict: 'capped', asked: 10_000 },
    ],
    [
      'refuses',
      ['0:10000:400', ...Array.from({ length: 13 }, (_, i) => `${i * 1000}:1000`), '12345:1000'],
      { size: 1000, verdict: 'refused', asked: 10_000 },
    ],
  ] as const)(
    'a platform that %s: every row once, and what it serves is learned',
    async (kind, queries, entry) => {
      const asked = platform(kind);
      const { m, learned } = memory();
      const result = await walk(m);
      expect(result.items.map((a) => a.activityId)).toEqual(ALL);
      expect(result.complete).toBe(true);
      expect(result.duplicatesDropped).toBe(0);
      expect(asked).toEqual(queries);
      expect(learned).toEqual([expect.objectContaining({ operation: 'activities', ...entry })]);
    },
  );

  it.each([
    ['serves', ['0:100', '100:10000', '10100:10000', '12345:10000'], { size: 10_000, verdict: 'served' }],
    [
      'caps',
      ['0:100', ...Array.from({ length: 13 }, (_, i) => `${100 + i * 1000}:10000`), '12345:10000'],
      { size: 1000, verdict: 'capped' },
    ],
    [
      'refuses',
      [
        '0:100',
        '100:10000:400',
        ...Array.from({ length: 13 }, (_, i) => `${100 + i * 1000}:1000`),
        '12345:1000',
      ],
      { size: 1000, verdict: 'refused' },
    ],
  ] as const)(
    'a streamed walk of a platform that %s: a small first page, then the same learning, every row once',
    async (kind, queries, entry) => {
      const asked = platform(kind);
      const { m, learned } = memory();
      const client = fx.client();
      rememberPageSizes(client, m);
      const streamed: string[] = [];
      const r = await listAllActivities(
        client,
        'org-1',
        {},
        {
          onPage: (rows) => streamed.push(...rows.map((a) => a.activityId)),
        },
      );
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.items.map((a) => a.activityId)).toEqual(ALL);
      expect(streamed).toEqual(ALL);
      expect(r.value.complete).toBe(true);
      expect(asked).toEqual(queries);
      expect(learned).toEqual([
        expect.objectContaining({ operation: 'activities', ...entry, asked: 10_000 }),
      ]);
    },
  );

  it('the next walk starts from the learned size and learns nothing new', async () => {
    const asked = platform('refuses');
    const { m, learned } = memory();
    await walk(m);
    asked.length = 0;
    learned.length = 0;
    const again = await walk(m);
    expect(again.items).toHaveLength(TOTAL);
    expect(asked[0]).toBe('0:1000');
    expect(asked.some((q) => q.endsWith(':400'))).toBe(false);
    expect(learned).toEqual([]);
  });

  it('without a memory it still negotiates (a 400 falls back) but keeps nothing', async () => {
    const asked = platform('refuses');
    const result = await walk(null);
    expect(result.items).toHaveLength(TOTAL);
    expect(asked.slice(0, 2)).toEqual(['0:10000:400', '0:1000']);
  });

  it('an explicit page size is sent as is: a 400 ends the walk, nothing is learned', async () => {
    const asked = platform('refuses');
    const { m, learned } = memory();
    const client = fx.client();
    rememberPageSizes(client, m);
    const r = await listAllActivities(client, 'org-1', {}, { pageSize: 5000 });
    expect(!r.ok && r.error.code).toBe('bad-request');
    expect(asked).toEqual(['0:5000:400']);
    expect(learned).toEqual([]);
  });

  it('an authentication failure is never read again with a smaller page', async () => {
    const asked: string[] = [];
    fx.server.setHandler((req, res) => {
      asked.push(new URL(req.url ?? '/', 'http://x').searchParams.get('limit') ?? '');
      sendJson(res, 401, { error: 'unauthorized', message: 'bad key' });
    });
    const { m, learned } = memory();
    const r = await listAllActivities(Object.assign(fx.client(), {}), 'org-1', {});
    expect(!r.ok && r.error.code).toBe('auth-failed');
    expect(asked).toEqual(['10000']);
    expect(learned).toEqual([]);
    void m;
  });
});

describe('page-size negotiation in the CSV export', () => {
  it.each([
    ['caps', 'capped', 14],
    ['refuses', 'refused', 15],
  ] as const)(
    'a platform that %s: every row once in the file, the size learned',
    async (kind, verdict, requests) => {
      const asked: string[] = [];
      fx.server.setHandler((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        asked.push(`${offset}:${limit}`);
        if (kind === 'refuses' && limit > 1000)
          return sendJson(res, 400, { error: 'bad-request', message: 'limit: too large' });
        const rows = ALL.slice(offset, offset + Math.min(limit, 1000));
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        res.end(`activityId,name\r\n${rows.map((id) => `${id},n\r\n`).join('')}`);
      });
      const dir = await mkdtemp(join(tmpdir(), 'negotiated-export-'));
      const { m, learned } = memory();
      const client = fx.client();
      rememberPageSizes(client, m);
      const filePath = join(dir, 'all.csv');
      const r = await exportActivitiesCsv({ client, organizationId: 'org-1', filters: {}, filePath });
      expect(r.ok && r.value).toMatchObject({ rows: TOTAL, complete: true, duplicatesDropped: 0 });
      const lines = (await readFile(filePath, 'utf8')).trimEnd().split(/\r?\n/);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ALL);
      expect(asked[0]).toBe('0:10000');
      expect(asked).toHaveLength(requests);
      expect(learned).toEqual([expect.objectContaining({ operation: 'activities', size: 1000, verdict })]);
      await rm(dir, { recursive: true, force: true });
    },
  );
});

describe('PageSizeNegotiation', () => {
  const make = (known?: LearnedPageSize) => {
    const { m, learned } = memory(known ? [known] : []);
    const n = new PageSizeNegotiation('activities', known?.size ?? 10_000, {
      memory: m,
      workspaceId: 'ws',
      now: () => new Date('2026-11-27T12:00:00Z'),
    });
    return { n, learned };
  };

  it('a short last page followed by the end is not a cap', () => {
    const { n, learned } = make();
    n.answered(10_000, 345);
    n.answered(10_000, 0);
    expect(learned).toEqual([]);
  });

  it('a cap is learned also when a row limit makes the walk ask for less than its page size', () => {
    const { n, learned } = make();
    n.answered(10_000, 1000);
    n.answered(9000, 1000); // maxRows 10,000: the second request asks for what is still wanted
    expect(learned).toEqual([expect.objectContaining({ size: 1000, verdict: 'capped', asked: 10_000 })]);
  });

  it('a smaller last request (maxRows) teaches nothing', () => {
    const { n, learned } = make();
    n.answered(500, 500);
    expect(learned).toEqual([]);
  });

  it('a cap is the largest page seen, learned once', () => {
    const { n, learned } = make();
    n.answered(10_000, 800);
    n.answered(10_000, 1000);
    n.answered(10_000, 1000);
    expect(learned).toEqual([
      {
        operation: 'activities',
        size: 1000,
        verdict: 'capped',
        asked: 10_000,
        learnedAt: '2026-11-27T12:00:00.000Z',
      },
    ]);
  });

  it('falls back once, only for a 400 above the fallback size', () => {
    const { n } = make();
    expect(n.retrySize({ code: 'bad-request', message: 'x', status: 400 }, 10_000)).toBe(1000);
    expect(n.size).toBe(1000);
    expect(n.retrySize({ code: 'bad-request', message: 'x', status: 400 }, 10_000)).toBeNull();
    const other = make().n;
    expect(other.retrySize({ code: 'auth-failed', message: 'x', status: 400 }, 10_000)).toBeNull();
    expect(other.retrySize({ code: 'forbidden', message: 'x', status: 403 }, 10_000)).toBeNull();
    expect(other.retrySize({ code: 'bad-request', message: 'x', status: 400 }, 1000)).toBeNull();
  });

  it('a size already known is not written again', () => {
    const { n, learned } = make({
      operation: 'activities',
      size: 1000,
      verdict: 'capped',
      asked: 10_000,
      learnedAt: 'x',
    });
    n.answered(1000, 1000);
    n.answered(1000, 1000);
    expect(learned).toEqual([]);
  });

  it('negotiatePageSize: explicit size, else learned, else the contract maximum', async () => {
    const client = { workspaceId: 'ws' };
    expect((await negotiatePageSize(client, 'activities', 250)).size).toBe(250);
    expect((await negotiatePageSize(client, 'cryptoAddresses')).size).toBe(5000);
    expect((await negotiatePageSize(client, 'loans')).size).toBe(1000);
    const { m } = memory([
      { operation: 'activities', size: 700, verdict: 'capped', asked: 10_000, learnedAt: 'x' },
    ]);
    rememberPageSizes(client, m);
    expect((await negotiatePageSize(client, 'activities')).size).toBe(700);
  });
});
