/**
 * The activities CSV export (src/main/exports/activities-csv.ts) promises: every page of the
 * platform's CSV is written once to a 0600 file, the header once, formula cells neutralised and an
 * ISO column added per time column; rows are known by their activityId (or, without one, by their
 * whole text) and repeats are dropped and counted; progress is reported while running and once at
 * the end ('done', 'failed' or 'cancelled'); on cancel or failure the operator gets an exact
 * message and no file is left; the target is published without ever replacing a file the operator
 * did not agree to replace.
 */
import {
  createWriteStream,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  chmodSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../../src/shared/contract';
import { exportActivitiesCsv, isoTimeColumns, isoTimeOf } from '../../../src/main/exports/activities-csv';
import { neutraliseCell, neutraliseRow } from '../../../src/main/exports/neutralise';
import { ensurePrivateExportDir } from '../../../src/main/exports/private-dir';
import { PROGRESS_INTERVAL_MS } from '../../../src/main/platform/paging';
import { ACTIVITY_COLUMNS, activityRow, sendJson } from '../../support/verifying-server';
import { startFixture, type Fixture } from '../../support/fixtures/platform-client';

let fx: Fixture;
let dir: string;
beforeAll(async () => {
  fx = await startFixture(); // 2,500 canned activities
});
afterAll(() => fx.server.close());
afterEach(() => {
  for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
  vi.useRealTimers();
  fx.server.setHandler(null);
  fx.server.hits.length = 0;
});

/**
 * A platform whose first page has one row and whose second page never comes; resolves once the
 * export has asked for that second page (the request itself, not a time).
 */
function stallSecondPage(): Promise<void> {
  return new Promise((asked) =>
    fx.server.setHandler((req, res) => {
      if (Number(req.query.get('offset')) > 0) return asked();
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b\r\n1,2\r\n');
    }),
  );
}

/**
 * A sink writing through to a real file (created like the export's own: 0600, never replacing);
 * `onWrite` sees the bytes written so far and may fail the write. It closes after the file has.
 */
function fileSink(path: string, onWrite: (written: number) => Error | null): Writable {
  const real = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  let written = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, callback) {
      written += chunk.length;
      const error = onWrite(written);
      if (error !== null) return callback(error);
      real.write(chunk, callback);
    },
    final(callback) {
      real.end(callback);
    },
    destroy(error, callback) {
      real.once('close', () => callback(error));
      real.destroy();
    },
  });
  // A write still in flight when the sink is destroyed fails; the sink is gone by then.
  real.on('error', (error) => sink.destroy(error));
  real.on('open', () => sink.emit('open'));
  return sink;
}

/** Every folder a test made, removed after it. */
const dirs: string[] = [];
const freshDir = () => {
  dir = mkdtempSync(join(tmpdir(), 'copper-export-'));
  dirs.push(dir);
  return dir;
};
const run = (over: Partial<Parameters<typeof exportActivitiesCsv>[0]> = {}) =>
  exportActivitiesCsv({
    client: fx.client(),
    organizationId: fx.server.organizationId,
    filters: {},
    filePath: join(dir, 'activities.csv'),
    ...over,
  });
const TRIGGER = /^[=+\-@\t\r]/;

describe('neutralise', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ['', 'plain', ' =x', "'already", '5-1']) expect(neutraliseCell(cell)).toBe(cell);
    expect(neutraliseRow(['=a', 'b', '-1'])).toEqual({ row: ["'=a", 'b', "'-1"], changed: 2 });
  });
});

describe('the ISO time column an export adds', () => {
  it('finds the time columns by their names', () => {
    expect(
      isoTimeColumns(['activityId', 'createdAt', 'name', 'updatedAt', 'At', 'Created At', 'format']),
    ).toEqual([1, 3]);
    // Only a whole lower-camel name ending in `At`: not the added column, not a capitalised name.
    expect(isoTimeColumns(['CreatedAt', 'createdAtIso', '_createdAt', 'seenAt'])).toEqual([3]);
  });

  it.each([
    ['1700000000000', '2023-11-14T22:13:20.000Z'],
    ['1700000000', '2023-11-14T22:13:20.000Z'], // seconds, read by the one rule (@shared/timestamps)
    ['2026-11-26T12:08:18.762Z', '2026-11-26T12:08:18.762Z'],
    ['', ''],
    [undefined, ''],
    ['soon', ''],
    ['-1', ''],
  ])('writes %s as %s', (cell, iso) => {
    expect(isoTimeOf(cell)).toBe(iso);
  });
});

describe('exportActivitiesCsv', () => {
  it('writes every page with the header once and neutralised cells', async () => {
    freshDir();
    const result = await run({ pageSize: 1000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = readFileSync(join(dir, 'activities.csv'), 'utf8');
    const records = parse(text) as string[][];
    // The platform's columns as sent, and an ISO-8601 UTC column added for its time column.
    expect(records[0]).toEqual([...ACTIVITY_COLUMNS, 'createdAtIso']);
    expect(records.filter((r) => r[0] === 'activityId')).toHaveLength(1);
    expect(records).toHaveLength(2_501);

    let expectedNeutralised = 0;
    for (let i = 0; i < 2_500; i++) {
      const source = activityRow(i);
      expectedNeutralised += source.filter((c) => TRIGGER.test(c)).length;
      expect(records[i + 1]).toEqual([
        ...source.map((c) => (TRIGGER.test(c) ? `'${c}` : c)),
        new Date(1_700_000_000_000 + i).toISOString(),
      ]);
    }
    expect(records[1]?.[3]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(result.value).toEqual({
      path: join(dir, 'activities.csv'),
      rows: 2_500,
      bytes: Buffer.byteLength(text),
      // The short third page is not the end: the walk ends on the empty fourth (paging.ts).
      pages: 4,
      neutralisedCells: expectedNeutralised,
      duplicatesDropped: 0,
      mayHaveMissed: 0,
      rowsWithoutId: 0,
      incomplete: false,
      complete: true,
      truncated: false,
    });
    expect(readdirSync(dir)).toEqual(['activities.csv']); // no temporary file left
  });

  it('stops at maxRows', async () => {
    freshDir();
    const result = await run({ pageSize: 1000, maxRows: 1_200 });
    expect(result.ok && result.value).toMatchObject({
      rows: 1_200,
      pages: 2,
      truncated: true,
      complete: false,
    });
    expect(readFileSync(join(dir, 'activities.csv'), 'utf8').trim().split('\n')).toHaveLength(1_201);
  });

  it('reports progress while running and at the end', async () => {
    freshDir();
    const events: ProgressEvent[] = [];
    // The export's progress ticker is faked: each page request moves it one tick, no waiting.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fx.server.setHandler((req, res) => {
      vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      const offset = Number(req.query.get('offset'));
      res.end(offset === 0 ? 'a,b\r\n1,2\r\n' : 'a,b\r\n');
    });
    const result = await run({ pageSize: 1, jobId: 'exp-1', onProgress: (e) => events.push(e) });
    expect(result.ok).toBe(true);
    expect(events.filter((e) => e.phase === 'running').map((e) => e.pages)).toEqual([0, 1, 2]);
    // Page 1 full (1 row), page 2 empty and read once more (issue 25): the end.
    expect(events.at(-1)).toMatchObject({ jobId: 'exp-1', phase: 'done', pages: 3, total: null });
    expect(events.at(-1)?.done).toBe(result.ok ? result.value.bytes : -1);
  });

  // The second page never comes: that the export settles at all shows the cancel reached the
  // request in flight. How fast it does is measured by bench/5-export-csv.ts.
  it('cancels while waiting for a page and removes the partial file', async () => {
    freshDir();
    const secondPageAsked = stallSecondPage();
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    const pending = run({ pageSize: 1, signal: controller.signal, onProgress: (e) => events.push(e) });
    await secondPageAsked;
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(events.at(-1)?.phase).toBe('cancelled');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports nothing after cancelled, even while a slow file closes', async () => {
    freshDir();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const secondPageAsked = stallSecondPage();
    // A sink whose teardown outlasts several progress ticks, like a file on a slow disk: the
    // ticker's clock is moved on while it closes.
    let closed: () => void = () => undefined;
    const sinkClosed = new Promise<void>((resolve) => (closed = resolve));
    const slowSink = () => {
      const sink = new Writable({
        write: (_chunk, _enc, done) => done(),
        destroy: (_error, done) =>
          setImmediate(() => {
            vi.advanceTimersByTime(3 * PROGRESS_INTERVAL_MS);
            done(null);
            closed();
          }),
      });
      setImmediate(() => sink.emit('open'));
      return sink;
    };
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    const pending = run({
      pageSize: 1,
      signal: controller.signal,
      createWriteStream: slowSink,
      onProgress: (e) => events.push(e),
    });
    await secondPageAsked;
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('cancelled');
    await sinkClosed; // the slow file has closed: any late tick has fired by now
    const cancelledAt = events.findIndex((e) => e.phase === 'cancelled');
    expect(cancelledAt).toBeGreaterThanOrEqual(0);
    expect(events.slice(cancelledAt + 1)).toEqual([]);
  });

  it('cancels in the middle of a streaming page', async () => {
    freshDir();
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('a,b\r\n1,2\r\n'); // and then stalls
    });
    const controller = new AbortController();
    // Cancelled once the first chunk of the page has gone to the file (and the export waits for
    // the next one): mid-stream.
    const sink = (path: string) =>
      fileSink(path, () => {
        setImmediate(() => controller.abort());
        return null;
      });
    const result = await run({ signal: controller.signal, createWriteStream: sink });
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a read-only folder with the OS reason and leaves nothing behind', async () => {
    let target: string;
    if (process.getuid?.() === 0) {
      // root ignores permission bits; sysfs refuses new files even to root.
      target = '/sys/copper-export-test.csv';
    } else {
      freshDir();
      chmodSync(dir, 0o555);
      target = join(dir, 'activities.csv');
    }
    const result = await run({ filePath: target });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('io');
      expect(result.error.message).toMatch(/permission denied|read-only|not permitted/);
      expect(result.error.message).toMatch(/\(E[A-Z]+\)/);
    }
    if (process.getuid?.() !== 0) {
      expect(readdirSync(dir)).toEqual([]);
      chmodSync(dir, 0o755);
    }
  });

  // Issue 30: the body is parsed a slice at a time and the lines go out through one reused
  // buffer. A page sent in large chunks, with multi-byte text across every slice boundary and a
  // record longer than the buffer, reaches a slow disk exactly as sent.
  it('writes large chunks exactly, also to a disk that takes each write late', async () => {
    freshDir();
    const ROWS = 3_000;
    const note = (i: number) => `€${i} 😀 "q", ${'é'.repeat(i % 97)}\nline 2`;
    const huge = `${'ü'.repeat(200_000)}😀`;
    const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const body = [
      'activityId,createdAt,note',
      ...Array.from({ length: ROWS }, (_, i) => `act-${i},${1_700_000_000_000 + i},${cell(note(i))}`),
      `act-huge,1700000000000,${cell(huge)}`,
      '',
    ].join('\r\n');
    fx.server.setHandler((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(Number(req.query.get('offset')) === 0 ? body : 'activityId,createdAt,note\r\n');
    });
    // Each write reaches the file one turn later, as a busy disk would take it: a buffer filled
    // again before the write's callback would put later lines in place of earlier ones.
    const lateDisk = (path: string) => {
      const sink = fileSink(path, () => null);
      const late = new Writable({
        write(chunk: Buffer, _enc, callback) {
          setImmediate(() => sink.write(Buffer.from(chunk), callback));
        },
        final: (callback) => sink.end(callback),
      });
      sink.on('open', () => late.emit('open'));
      return late;
    };
    const result = await run({ pageSize: 10_000, createWriteStream: lateDisk });
    expect(result.ok && result.value.rows).toBe(ROWS + 1);
    const records = parse(readFileSync(join(dir, 'activities.csv'), 'utf8')) as string[][];
    expect(records).toHaveLength(ROWS + 2);
    expect(records[0]).toEqual(['activityId', 'createdAt', 'note', 'createdAtIso']);
    for (let i = 0; i < ROWS; i++) {
      expect(records[i + 1]).toEqual([
        `act-${i}`,
        String(1_700_000_000_000 + i),
        note(i),
        new Date(1_700_000_000_000 + i).toISOString(),
      ]);
    }
    expect(records[ROWS + 1]).toEqual(['act-huge', '1700000000000', huge, '2023-11-14T22:13:20.000Z']);
  });

  it('removes the partial file when the disk fills up, keeping an existing file untouched', async () => {
    freshDir();
    writeFileSync(join(dir, 'activities.csv'), 'previous export');
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    const full = (path: string) => fileSink(path, (written) => (written > 20_000 ? enospc : null));
    const result = await run({ createWriteStream: full });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('io');
      expect(result.error.message).toContain('the disk is full (ENOSPC)');
    }
    expect(readdirSync(dir)).toEqual(['activities.csv']);
    expect(readFileSync(join(dir, 'activities.csv'), 'utf8')).toBe('previous export');
  });

  it('fails with the platform error of a later page and removes the partial file', async () => {
    freshDir();
    fx.server.setHandler((req, res) => {
      if (Number(req.query.get('offset')) > 0)
        return sendJson(res, 403, { error: 'forbidden', message: 'no export for you' });
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b\r\n1,2\r\n');
    });
    const result = await run({ pageSize: 1 });
    expect(!result.ok && result.error).toMatchObject({
      code: 'forbidden',
      message: 'no export for you',
      status: 403,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails on a page that is not CSV', async () => {
    freshDir();
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b\r\n"unterminated,2\r\n');
    });
    const events: ProgressEvent[] = [];
    const result = await run({ onProgress: (e) => events.push(e) });
    expect(!result.ok && result.error.code).toBe('bad-response');
    expect(!result.ok && result.error.message).toBe(
      'Page 1 from the platform is not valid CSV: a quote opened on line 2 is not closed',
    );
    expect(events.at(-1)).toMatchObject({ jobId: '', phase: 'failed', rowsWritten: 0 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('follows the walk rule: capped pages are not the end (issue 18)', async () => {
    freshDir();
    fx.server.setHandler(cappedCsv({ size: 2_350, cap: 100 }));
    const result = await run({ pageSize: 1000 });
    expect(result.ok && result.value).toMatchObject({ rows: 2_350, incomplete: false, duplicatesDropped: 0 });
    const records = parse(readFileSync(join(dir, 'activities.csv'), 'utf8')) as string[][];
    expect(records.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 2_350 }, (_, i) => `act-${i}`));
  });

  it('drops rows repeated across pages and counts them; a repeated page stops the export', async () => {
    freshDir();
    fx.server.setHandler(cappedCsv({ size: 1_000, cap: 100, repeat: 5 }));
    const result = await run({ pageSize: 1000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.rows).toBe(1_000);
    expect(result.value.duplicatesDropped).toBeGreaterThan(0);
    const records = parse(readFileSync(join(dir, 'activities.csv'), 'utf8')) as string[][];
    expect(new Set(records.slice(1).map((r) => r[0])).size).toBe(1_000);

    freshDir();
    fx.server.setHandler(cappedCsv({ size: 1_000, cap: 100, ignoreOffset: true }));
    const repeated = await run({ pageSize: 1000 });
    expect(!repeated.ok && repeated.error.code).toBe('bad-response');
    expect(!repeated.ok && repeated.error.message).toMatch(/repeated page 2/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reads an empty page after full pages once more and goes on (issue 25: it ended the export)', async () => {
    freshDir();
    const serve = cappedCsv({ size: 2_350, cap: 100 });
    let emptied = false;
    fx.server.setHandler((req, res) => {
      if (req.query.get('offset') === '1000' && !emptied) {
        emptied = true;
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        return res.end(`${ACTIVITY_COLUMNS.join(',')}\r\n`);
      }
      serve(req, res);
    });
    const result = await run({ pageSize: 1000 });
    expect(result.ok && result.value).toMatchObject({ rows: 2_350, incomplete: false, complete: true });
  });

  it('keeps rows with an empty activityId apart, counted; repeats make the export not complete', async () => {
    freshDir();
    fx.server.setHandler((req, res) => {
      const offset = Number(req.query.get('offset') ?? '0');
      let text = `${ACTIVITY_COLUMNS.join(',')}\r\n`;
      if (offset === 0)
        for (const n of [1, 2])
          text += `${['', ...activityRow(n).slice(1)].map((c) => `"${c.replace(/"/g, '""')}"`).join(',')}\r\n`;
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(text);
    });
    const result = await run({ pageSize: 1000 });
    expect(result.ok && result.value).toMatchObject({ rows: 2, rowsWithoutId: 2, duplicatesDropped: 0 });

    freshDir();
    fx.server.setHandler(cappedCsv({ size: 1_000, cap: 100, repeat: 5 }));
    const repeated = await run({ pageSize: 1000 });
    expect(repeated.ok && repeated.value).toMatchObject({ complete: false });
    expect(repeated.ok && repeated.value.mayHaveMissed).toBeGreaterThan(0);
  });

  it('never replaces a file created at the target while the export ran (issue 17)', async () => {
    freshDir();
    const target = join(dir, 'activities.csv');
    const serve = cappedCsv({ size: 300, cap: 100 });
    fx.server.setHandler((req, res) => {
      // Someone (or something) creates the chosen file while the export is on page 2.
      if (Number(req.query.get('offset')) === 100) writeFileSync(target, 'operator data\n');
      return serve(req, res);
    });
    const result = await run({ pageSize: 100 });
    expect(!result.ok && result.error.code).toBe('io');
    expect(!result.ok && result.error.message).toMatch(
      /appeared .* while the export ran; it was not replaced/,
    );
    expect(readFileSync(target, 'utf8')).toBe('operator data\n');
    expect(readdirSync(dir)).toEqual(['activities.csv']); // the temporary file is gone
  });

  it('replaces only the very file the operator agreed to replace in the dialog', async () => {
    freshDir();
    const target = join(dir, 'activities.csv');
    writeFileSync(target, 'old export\n');
    const result = await run({ pageSize: 1000, maxRows: 10, replaceExisting: true });
    expect(result.ok).toBe(true);
    expect(readFileSync(target, 'utf8').split('\n')[0]).toBe(`${ACTIVITY_COLUMNS.join(',')},createdAtIso`);
  });

  it('writes the export 0600, and the console keeps its export folder 0700 (issue 17)', async () => {
    freshDir();
    const result = await run({ pageSize: 1000, maxRows: 10 });
    expect(result.ok).toBe(true);
    expect(statSync(join(dir, 'activities.csv')).mode & 0o777).toBe(0o600);

    const exportsDir = join(dir, 'exports');
    expect(await ensurePrivateExportDir(exportsDir)).toEqual({ narrowedFrom: null });
    expect(statSync(exportsDir).mode & 0o777).toBe(0o700);
    chmodSync(exportsDir, 0o755);
    expect(await ensurePrivateExportDir(exportsDir)).toEqual({ narrowedFrom: 0o755 });
    expect(statSync(exportsDir).mode & 0o777).toBe(0o700);
  });
});

describe('exportActivitiesCsv: refusals, failures and the identity of rows', () => {
  it('refuses a page size that is not a positive integer before asking the platform anything', async () => {
    freshDir();
    const result = await run({ pageSize: 0 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'page size must be a positive integer' },
    });
    expect(fx.server.hits).toHaveLength(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does nothing when cancelled before it starts', async () => {
    freshDir();
    const controller = new AbortController();
    controller.abort();
    const events: ProgressEvent[] = [];
    const result = await run({ pageSize: 10, signal: controller.signal, onProgress: (e) => events.push(e) });
    expect(!result.ok && result.error).toMatchObject({ code: 'cancelled', message: 'Export cancelled' });
    expect(fx.server.hits).toHaveLength(0);
    expect(events).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says the partial file was removed when cancelled while a page downloads', async () => {
    freshDir();
    const secondPageAsked = stallSecondPage();
    const controller = new AbortController();
    const pending = run({ pageSize: 1, signal: controller.signal });
    await secondPageAsked;
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error).toMatchObject({
      code: 'cancelled',
      message: 'Export cancelled; the partial file was removed',
    });
  });

  it('asks for no further page once cancelled between pages', async () => {
    freshDir();
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('a,b\r\n1,2\r\n'); // a full page each time: the walk would go on
    });
    const controller = new AbortController();
    // Cancelled as the first page's lines reach the file, before the next page is asked for.
    const sink = (path: string) =>
      fileSink(path, () => {
        controller.abort();
        return null;
      });
    const result = await run({ pageSize: 1, signal: controller.signal, createWriteStream: sink });
    expect(!result.ok && result.error).toMatchObject({
      code: 'cancelled',
      message: 'Export cancelled; the partial file was removed',
    });
    expect(fx.server.hits.map((hit) => hit.query.get('offset'))).toEqual(['0']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the page whose answer was cut off, reports failed and removes the partial file', async () => {
    freshDir();
    fx.server.setHandler((req, res) => {
      if (Number(req.query.get('offset')) === 0) {
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        return res.end('a,b\r\n1,2\r\n');
      }
      // A longer answer announced, and the connection dropped partway.
      res.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': '1000' });
      res.write('a,b\r\n3,');
      setImmediate(() => res.socket?.destroy());
    });
    const events: ProgressEvent[] = [];
    const result = await run({ pageSize: 1, onProgress: (e) => events.push(e) });
    expect(!result.ok && result.error.code).toBe('bad-response');
    expect(!result.ok && result.error.message).toMatch(
      /^The platform's answer was cut off after \d+ bytes \(.+\) \(page 2\)$/,
    );
    // No job id given: the events carry an empty one.
    expect(events.at(-1)).toMatchObject({ jobId: '', phase: 'failed', rowsWritten: 1, pages: 1 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never replaces a file that was at the target already when the operator did not agree to it', async () => {
    freshDir();
    const target = join(dir, 'activities.csv');
    writeFileSync(target, 'operator data\n');
    const result = await run({ pageSize: 1000, maxRows: 10 });
    expect(!result.ok && result.error).toMatchObject({
      code: 'io',
      message: `A file named activities.csv appeared in ${dir} while the export ran; it was not replaced. Choose another name and export again`,
    });
    expect(readFileSync(target, 'utf8')).toBe('operator data\n');
    expect(readdirSync(dir)).toEqual(['activities.csv']);
  });

  it('fails with the OS reason when the file cannot be finished, and leaves nothing behind', async () => {
    freshDir();
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, close'), {
      code: 'ENOSPC',
      syscall: 'close',
    });
    // Every write is taken; the file fails only as it is closed.
    const failsOnClose = (path: string) => {
      const sink = fileSink(path, () => null);
      const closing = new Writable({
        write: (chunk: Buffer, _enc, callback) => sink.write(chunk, callback),
        final: (callback) => sink.end(() => callback(enospc)),
      });
      sink.on('open', () => closing.emit('open'));
      return closing;
    };
    const result = await run({ pageSize: 1000, maxRows: 10, createWriteStream: failsOnClose });
    expect(!result.ok && result.error.code).toBe('io');
    expect(!result.ok && result.error.message).toContain('the disk is full (ENOSPC)');
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['without a code', new Error('the sink broke')],
    ['with a code but no system call', Object.assign(new Error('the sink broke'), { code: 'ESINK' })],
  ])('reports a file failure %s as an internal failure with its message', async (_name, error) => {
    freshDir();
    const broken = (path: string) => fileSink(path, () => error);
    const result = await run({ pageSize: 1000, maxRows: 10, createWriteStream: broken });
    expect(!result.ok && result.error).toMatchObject({
      code: 'internal',
      message: 'The export failed: the sink broke',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails, naming the cause, when the file closes before it has taken a write', async () => {
    freshDir();
    const closesEarly = (path: string) => {
      const sink = fileSink(path, () => null);
      // Takes no write: closes instead, without an error.
      const closing = new Writable({ write: () => void closing.destroy() });
      sink.on('open', () => closing.emit('open'));
      closing.on('close', () => sink.destroy());
      return closing;
    };
    const result = await run({ pageSize: 1000, maxRows: 10, createWriteStream: closesEarly });
    expect(!result.ok && result.error).toMatchObject({
      code: 'internal',
      message: 'The export failed: the file stream closed early',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  /** Serves `pages[offset]` after the header line, and the header alone for any other offset. */
  const servePages = (head: string, pages: Record<number, string>) =>
    fx.server.setHandler((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(`${head}\r\n${pages[Number(req.query.get('offset'))] ?? ''}`);
    });
  const rowsOf = () => parse(readFileSync(join(dir, 'activities.csv'), 'utf8')) as string[][];

  it('knows a row without an activityId column by its whole text, cell by cell', async () => {
    freshDir();
    // The same characters, cut into different cells: two different rows.
    servePages('name,note', { 0: 'ab,c\r\nab,c\r\na,bc\r\n' });
    const result = await run({ pageSize: 1000 });
    expect(result.ok && result.value).toMatchObject({
      rows: 2,
      rowsWithoutId: 3,
      duplicatesDropped: 1,
      complete: false,
    });
    expect(rowsOf()).toEqual([
      ['name', 'note'],
      ['ab', 'c'],
      ['a', 'bc'],
    ]);
  });

  it('drops a later row with a known activityId even when its other cells changed', async () => {
    freshDir();
    servePages('activityId,note', { 0: 'act-1,first\r\nact-2,b\r\n', 2: 'act-2,changed\r\nact-3,c\r\n' });
    const result = await run({ pageSize: 2 });
    expect(result.ok && result.value).toMatchObject({
      rows: 3,
      duplicatesDropped: 1,
      mayHaveMissed: 1,
      rowsWithoutId: 0,
      complete: false,
    });
    expect(rowsOf()).toEqual([
      ['activityId', 'note'],
      ['act-1', 'first'],
      ['act-2', 'b'],
      ['act-3', 'c'],
    ]);
  });

  it("skips only the header line that starts a later page, not a row like it or a page's first row", async () => {
    freshDir();
    fx.server.setHandler((req, res) => {
      const offset = Number(req.query.get('offset'));
      const page: Record<number, string> = {
        0: 'id,note\r\nr1,x\r\nr2,y\r\n',
        // The header again, then a data row with the header's very text.
        2: 'id,note\r\nr3,z\r\nid,note\r\n',
        // A page that does not repeat the header: its first line is a row.
        4: 'r5,v\r\nr6,w\r\n',
      };
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(page[offset] ?? 'id,note\r\n');
    });
    const result = await run({ pageSize: 2 });
    expect(result.ok && result.value).toMatchObject({ rows: 6, duplicatesDropped: 0 });
    expect(rowsOf()).toEqual([
      ['id', 'note'],
      ['r1', 'x'],
      ['r2', 'y'],
      ['r3', 'z'],
      ['id', 'note'],
      ['r5', 'v'],
      ['r6', 'w'],
    ]);
  });
});

/** CSV pages of `size` canned activities, at most `cap` per page, with the issue-18 faults. */
function cappedCsv(o: { size: number; cap: number; repeat?: number; ignoreOffset?: boolean }) {
  return (req: { query: URLSearchParams }, res: import('node:http').ServerResponse) => {
    const limit = Number(req.query.get('limit') ?? '1000');
    let offset = o.ignoreOffset ? 0 : Number(req.query.get('offset') ?? '0');
    if (o.repeat && offset > 0) offset = Math.max(0, offset - o.repeat);
    const end = Math.min(o.size, offset + Math.min(limit, o.cap));
    let text = `${ACTIVITY_COLUMNS.join(',')}\r\n`;
    for (let i = offset; i < end; i++)
      text += `${activityRow(i)
        .map((c) => `"${c.replace(/"/g, '""')}"`)
        .join(',')}\r\n`;
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.end(text);
  };
}
