/**
 * The lockout guards' state file (src/main/guard/guard-state-file.ts): strict parsing (anything
 * odd is "unreadable", never a crash), one write at a time with later requests folded into one,
 * throttled lazy writes, mode 0600, and a failed write that is logged and given up.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GuardStateFile,
  parseGuardState,
  readGuardState,
  type GuardStateDocument,
} from '../../../src/main/guard/guard-state-file';

const entry = {
  host: 'https://api.copper.co',
  key: 'sha256:abc…1234',
  auth: [3, 1, 2],
  presumedAuth: [9, 8],
  business: [],
  requests: [5],
  pausedUntil: 0,
  consecutive429: 0,
  inFlight: 2,
};
const doc = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ version: 1, entries: [entry], assumed: null, ...over });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-guard-state-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('guard state file: reading', () => {
  it('reads a valid document, sorting the timestamps', () => {
    const parsed = parseGuardState(doc());
    expect(typeof parsed).toBe('object');
    expect((parsed as GuardStateDocument).entries[0]?.auth).toEqual([1, 2, 3]);
    expect((parsed as GuardStateDocument).entries[0]?.presumedAuth).toEqual([8, 9]);
  });

  it('reads a file written before presumed failures were kept apart as presuming none', () => {
    const { presumedAuth: _, ...older } = entry;
    const parsed = parseGuardState(doc({ entries: [older] }));
    expect((parsed as GuardStateDocument).entries[0]?.presumedAuth).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', 'null'],
    ['another version', doc({ version: 2 })],
    ['no entries', doc({ entries: 'x' })],
    ['an entry without a key', doc({ entries: [{ ...entry, key: 1 }] })],
    ['a timestamp that is no number', doc({ entries: [{ ...entry, auth: ['1'] }] })],
    ['presumed failures that are no list', doc({ entries: [{ ...entry, presumedAuth: 3 }] })],
    ['a negative count', doc({ entries: [{ ...entry, inFlight: -1 }] })],
    ['a bad assumption', doc({ assumed: { authFailures: 'x', at: 1 } })],
  ])('calls %s unreadable', (_what, text) => {
    expect(typeof parseGuardState(text)).toBe('string');
  });

  it('tells a missing file from an unreadable one', async () => {
    const path = join(dir, 'guard-state.json');
    expect(readGuardState(path)).toEqual({ kind: 'missing' });
    await writeFile(path, 'garbage');
    expect(readGuardState(path).kind).toBe('unreadable');
    await writeFile(path, doc());
    expect(readGuardState(path).kind).toBe('loaded');
  });
});

describe('guard state file: writing', () => {
  function fileWith(opts: { path?: string; errors?: string[] } = {}) {
    let collected = 0;
    let written = 0;
    let now = 1_000_000;
    const timers: { ms: number; fn: () => void }[] = [];
    const file = new GuardStateFile({
      path: opts.path ?? join(dir, 'guard-state.json'),
      collect: () => {
        collected++;
        return { version: 1, entries: [{ ...entry, auth: [collected] }], assumed: null };
      },
      written: () => {
        written++;
      },
      error: (m) => opts.errors?.push(m),
      now: () => now,
      schedule: (fn, ms) => {
        const t = { ms, fn };
        timers.push(t);
        return () => timers.splice(timers.indexOf(t), 1);
      },
    });
    return {
      file,
      timers,
      collected: () => collected,
      written: () => written,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('writes atomically with mode 0600; requests during a write fold into one more write', async () => {
    const f = fileWith();
    const first = f.file.saveNow();
    const second = f.file.saveNow();
    const third = f.file.saveNow();
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    expect(f.collected()).toBe(2);
    expect(f.written()).toBe(2);
    const path = join(dir, 'guard-state.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((JSON.parse(await readFile(path, 'utf8')) as GuardStateDocument).entries[0]?.auth).toEqual([2]);
  });

  it('lazy writes wait for the throttle and are not stacked', async () => {
    const f = fileWith();
    await f.file.saveNow();
    f.file.saveSoon();
    f.file.saveSoon();
    expect(f.timers.map((t) => t.ms)).toEqual([1_000]);
    f.advance(400);
    f.timers[0]?.fn();
    f.timers.splice(0, 1);
    await f.file.saveNow(); // folded into the write the timer started, or the next one
    expect(f.collected()).toBeGreaterThanOrEqual(2);
    await f.file.close();
    f.file.saveSoon(); // closed: no more lazy writes
    expect(f.timers).toHaveLength(0);
  });

  it('a write that fails is logged and given up, not thrown', async () => {
    const errors: string[] = [];
    const f = fileWith({ path: join(dir, 'missing-folder', 'guard-state.json'), errors });
    await expect(f.file.saveNow()).resolves.toBeUndefined();
    expect(errors).toEqual(['could not write the lockout guard state file']);
    expect(f.written()).toBe(1);
  });
});
