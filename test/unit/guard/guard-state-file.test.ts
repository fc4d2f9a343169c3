/**
 * The lockout guards' state file (src/main/guard/guard-state-file.ts): strict parsing (anything
 * odd is "unreadable", never a crash), one write at a time with later requests folded into one,
 * throttled lazy writes, mode 0600, and a failed write that is logged and given up.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GuardStateFile,
  parseGuardState,
  readGuardState,
  setAsideUnreadable,
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

  /** JSON has no infinity, but `1e400` reads as one. */
  const ENDLESS = '∞';
  const withEntry = (over: Record<string, unknown>) => doc({ entries: [{ ...entry, ...over }] });
  it.each([
    ['not an object', 'null', 'not an object'],
    ['a number', '5', 'not an object'],
    ['another version', doc({ version: 2 }), 'unknown version 2'],
    ['no entries', doc({ entries: 'x' }), 'no entries'],
    ['an entry that is no object', doc({ entries: [5] }), 'entry 0 is not an object'],
    ['a null entry after a good one', doc({ entries: [entry, null] }), 'entry 1 is not an object'],
    ['an entry without a key', withEntry({ key: 1 }), 'entry 0 has no host or key'],
    ['an entry without a host', withEntry({ host: null }), 'entry 0 has no host or key'],
    ['a timestamp that is no number', withEntry({ auth: ['1'] }), 'entry 0 has bad timestamps'],
    [
      'an endless timestamp',
      withEntry({ requests: [ENDLESS] }).replace('"∞"', '1e400'),
      'entry 0 has bad timestamps',
    ],
    ['a negative timestamp', withEntry({ business: [-1] }), 'entry 0 has bad timestamps'],
    ['presumed failures that are no list', withEntry({ presumedAuth: 3 }), 'entry 0 has bad timestamps'],
    ['a negative count', withEntry({ inFlight: -1 }), 'entry 0 has bad counts'],
    ['a fractional count', withEntry({ consecutive429: 1.5 }), 'entry 0 has bad counts'],
    ['a count past a million', withEntry({ inFlight: 1_000_001 }), 'entry 0 has bad counts'],
    ['a pause that is no number', withEntry({ pausedUntil: '5' }), 'entry 0 has bad counts'],
    [
      'an endless pause',
      withEntry({ pausedUntil: ENDLESS }).replace('"∞"', '1e400'),
      'entry 0 has bad counts',
    ],
    ['a negative pause', withEntry({ pausedUntil: -1 }), 'entry 0 has bad counts'],
    ['an assumption that is no object', doc({ assumed: 5 }), 'bad "assumed"'],
    ['an assumption without a count', doc({ assumed: { authFailures: 'x', at: 1 } }), 'bad "assumed"'],
    ['an assumption at a negative time', doc({ assumed: { authFailures: 1, at: -1 } }), 'bad "assumed"'],
  ])('calls %s unreadable, saying why', (_what, text, reason) => {
    expect(parseGuardState(text)).toBe(reason);
  });

  it('says why text that is not JSON is unreadable', () => {
    expect(parseGuardState('{')).toMatch(/^not JSON \(.+\)$/);
  });

  it('takes the edges of every range: time 0, a million, an assumption, none', () => {
    const parsed = parseGuardState(
      doc({
        entries: [{ ...entry, auth: [0], pausedUntil: 0, inFlight: 1_000_000 }],
        assumed: { authFailures: 15, at: 7 },
      }),
    ) as GuardStateDocument;
    expect(parsed.entries[0]?.auth).toEqual([0]);
    expect(parsed.entries[0]?.inFlight).toBe(1_000_000);
    expect(parsed.assumed).toEqual({ authFailures: 15, at: 7 });
    const { assumed: _, ...withoutAssumption } = JSON.parse(doc()) as Record<string, unknown>;
    expect((parseGuardState(JSON.stringify(withoutAssumption)) as GuardStateDocument).assumed).toBeNull();
  });

  it('tells a missing file from an unreadable one', async () => {
    const path = join(dir, 'guard-state.json');
    expect(readGuardState(path)).toEqual({ kind: 'missing' });
    await writeFile(path, 'garbage');
    expect(readGuardState(path).kind).toBe('unreadable');
    await writeFile(path, doc());
    expect(readGuardState(path).kind).toBe('loaded');
  });

  it('calls a file it cannot read unreadable, with the system’s reason', async () => {
    await mkdir(join(dir, 'guard-state.json'));
    const loaded = readGuardState(join(dir, 'guard-state.json'));
    expect(loaded.kind).toBe('unreadable');
    expect(loaded.kind === 'unreadable' ? loaded.reason : '').toMatch(/EISDIR/);
  });

  it('sets an unreadable file aside under its time, or says it could not', async () => {
    const path = join(dir, 'guard-state.json');
    await writeFile(path, 'garbage');
    expect(setAsideUnreadable(path, 5)).toBe(`${path}.unreadable-5`);
    expect(await readFile(`${path}.unreadable-5`, 'utf8')).toBe('garbage');
    expect(setAsideUnreadable(path, 6)).toBeNull(); // nothing left to move
  });
});

describe('guard state file: writing', () => {
  function fileWith(
    opts: { path?: string; errors?: string[]; wantsMore?: () => number | null; realTimers?: boolean } = {},
  ) {
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
      throttleMs: 1_000,
      ...(opts.wantsMore !== undefined ? { wantsMore: opts.wantsMore } : {}),
      ...(opts.realTimers === true
        ? {}
        : {
            schedule: (fn: () => void, ms: number) => {
              const t = { ms, fn };
              timers.push(t);
              return () => timers.splice(timers.indexOf(t), 1);
            },
          }),
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

  it('a lazy write starts when its timer fires; none is planned while a write is queued', async () => {
    const f = fileWith();
    const running = f.file.saveNow();
    const queued = f.file.saveNow();
    f.file.saveSoon(); // the queued write will hold it
    expect(f.timers).toHaveLength(0);
    await Promise.all([running, queued]);
    expect(f.timers).toHaveLength(0); // nobody wants more
    f.file.saveSoon();
    const before = f.collected();
    f.timers[0]?.fn();
    expect(f.collected()).toBe(before + 1);
    await f.file.saveNow();
  });

  it('after a write, plans the lazy one the guards want, not before their time', async () => {
    let wanted: number | null = 1_000_000 + 5_000;
    const f = fileWith({ wantsMore: () => wanted });
    await f.file.saveNow();
    expect(f.timers.map((t) => t.ms)).toEqual([5_000]);
    wanted = null;
    f.timers.splice(0)[0]?.fn();
    await f.file.saveNow();
    expect(f.timers).toHaveLength(0);
  });

  it('on the system’s timers, a lazy write fires after the throttle and close cancels it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const f = fileWith({ realTimers: true });
      await f.file.saveNow();
      f.file.saveSoon();
      vi.advanceTimersByTime(1_000);
      expect(f.collected()).toBe(2);
      await f.file.saveNow();
      f.file.saveSoon();
      await f.file.close();
      const closed = f.collected();
      vi.advanceTimersByTime(10_000);
      expect(f.collected()).toBe(closed);
    } finally {
      vi.useRealTimers();
    }
  });
});
