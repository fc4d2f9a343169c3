/**
 * The per-key lockout guards (src/main/guard/key-guards.ts): one per platform host and key
 * fingerprint, shared by every workspace holding the key, resumed from the state file after a
 * restart or a kill, conservative after an unreadable file, and never letting a key reach the
 * platform's 30 failed authentications an hour. Clocks and lazy-write timers are the test's.
 */
import { copyFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KeyGuards,
  UNREADABLE_ASSUMED_SHARE,
  type KeyGuardsOptions,
} from '../../../src/main/guard/key-guards';
import {
  IDLE_SHRINK_MS,
  emptyGuardSnapshot,
  type LockoutGuard,
  type SendTicket,
} from '../../../src/main/guard/lockout-guard';
import { GUARD_STATE_FILE, type GuardStateDocument } from '../../../src/main/guard/guard-state-file';
import { PLATFORM_LIMITS } from '../../../src/shared/platform/limits';

const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/main/workspaces/atomic-write', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/main/workspaces/atomic-write')>();
  return {
    ...original,
    writeFileAtomic: (...args: Parameters<typeof original.writeFileAtomic>) => {
      writes.count++;
      return original.writeFileAtomic(...args);
    },
  };
});

const T0 = 1_800_000_000_000;
const HOUR = PLATFORM_LIMITS.authFailures.windowMs;
const HOST = 'https://api.copper.co';
const OTHER_HOST = 'https://api.testnet.copper.co';

let dataDir: string;
const folders: string[] = [];
const clock = { now: T0 };
let timers: { at: number; fn: () => void }[] = [];
const warnings: string[] = [];
const opened: KeyGuards[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'copper-key-guards-'));
  folders.push(dataDir);
  clock.now = T0;
  timers = [];
  warnings.length = 0;
  writes.count = 0;
});
afterEach(async () => {
  // A counted failure starts a write at once; it must be over before its folder goes (ENOTEMPTY).
  await Promise.all(opened.splice(0).map((g) => g.close()));
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * kill -9: the disk as it is at this instant goes on in a new folder; writes the dead process had
 * started land in the old one, where nothing reads them.
 */
async function killed(): Promise<void> {
  const next = await mkdtemp(join(tmpdir(), 'copper-key-guards-'));
  folders.push(next);
  await copyFile(join(dataDir, GUARD_STATE_FILE), join(next, GUARD_STATE_FILE)).catch(() => undefined);
  dataDir = next;
}

/** A run of the app on `dataDir` (a new one after a "restart"). */
function open(extra: Partial<KeyGuardsOptions> = {}): KeyGuards {
  const guards = new KeyGuards({
    ...extra,
    dataDir,
    now: () => clock.now,
    warn: (m) => warnings.push(m),
    error: (m, e) => warnings.push(`${m}: ${String(e)}`),
    schedule: (fn, ms) => {
      const timer = { at: clock.now + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  });
  opened.push(guards);
  return guards;
}

/** A run of the console and its guard of the key `fp` at HOST. */
function openGuard(): { guards: KeyGuards; guard: LockoutGuard } {
  const guards = open();
  return { guards, guard: guards.guardFor(HOST, 'fp') };
}

async function readState(): Promise<GuardStateDocument> {
  return JSON.parse(await readFile(join(dataDir, GUARD_STATE_FILE), 'utf8')) as GuardStateDocument;
}

/**
 * Sends one request the way the client does (signed with `secret`): waits until sendable, then
 * admits or refuses. The ticket for the answer, or null when refused.
 */
async function sendTicket(guard: LockoutGuard, secret?: string): Promise<SendTicket | null> {
  for (;;) {
    const ready = guard.whenSendable(secret);
    if (ready === true) break;
    await ready;
  }
  if (guard.admit('interactive') !== null) return null;
  return guard.noteSent(secret);
}
const send = async (guard: LockoutGuard): Promise<boolean> => (await sendTicket(guard)) !== null;

describe('key guards: one per platform host and API key', () => {
  it('two workspaces holding the same key on the same host share one guard and its counts', () => {
    const guards = open();
    const first = guards.guardFor(HOST, 'sha256:aaa…1234');
    const second = guards.guardFor(HOST, 'sha256:aaa…1234');
    expect(second).toBe(first);
    first.noteAnswer(401, 'auth-failed', null);
    expect(second.status('ws-2').authFailures.count).toBe(1);
    expect(second.status('ws-2').workspaceId).toBe('ws-2');
  });

  it('another host or another key counts apart', () => {
    const guards = open();
    const guard = guards.guardFor(HOST, 'sha256:aaa…1234');
    guard.noteAnswer(401, 'auth-failed', null);
    expect(guards.guardFor(OTHER_HOST, 'sha256:aaa…1234').status().authFailures.count).toBe(0);
    expect(guards.guardFor(HOST, 'sha256:bbb…5678').status().authFailures.count).toBe(0);
  });

  it('tells the listeners which guard changed', () => {
    const guards = open();
    const changed: string[] = [];
    guards.onChange((id) => changed.push(id));
    guards.guardFor(HOST, 'fp').noteAnswer(401, 'auth-failed', null);
    expect(changed).toEqual([`${HOST} fp`]);
  });

  it('a listener that left is not told; `existing` finds only guards already made', () => {
    const guards = open();
    const changed: string[] = [];
    const leave = guards.onChange((id) => changed.push(id));
    leave();
    const guard = guards.guardFor(HOST, 'fp');
    guard.noteAnswer(401, 'auth-failed', null);
    expect(changed).toEqual([]);
    expect(guards.existing(`${HOST} fp`)).toBe(guard);
    expect(guards.existing(`${HOST} other`)).toBeUndefined();
  });

  it('without a data folder the guards count in memory and write nothing', async () => {
    const guards = new KeyGuards({
      dataDir: null,
      now: () => clock.now,
      warn: (m) => warnings.push(m),
      error: () => {},
    });
    const guard = guards.guardFor(HOST, 'fp');
    expect(guard.whenSendable()).toBe(true);
    guard.noteAnswer(401, 'auth-failed', null);
    expect(guard.status().authFailures.count).toBe(1);
    await guards.flush();
    await guards.close();
    expect(writes.count).toBe(0);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe('key guards: the state file', () => {
  it('a restart resumes the windows: failures, refused requests, requests and a 429 pause', async () => {
    const { guards: before, guard } = openGuard();
    expect(await send(guard)).toBe(true);
    guard.noteAnswer(401, 'auth-failed', null);
    clock.now += 1_000;
    expect(await send(guard)).toBe(true);
    guard.noteAnswer(429, 'rate-limited', 120_000);
    clock.now += 1_000;
    await before.close();

    clock.now += 10_000;
    const after = open().guardFor(HOST, 'fp');
    const status = after.status();
    expect(status.authFailures.count).toBe(1);
    expect(status.requests.count).toBe(2);
    expect(status.pausedUntil).toBe(String(T0 + 1_000 + 120_000));
    expect(after.admit('interactive')?.retryAt).toBe(T0 + 1_000 + 120_000);
    clock.now = T0 + HOUR + 1; // the first failure has left the hour
    expect(after.status().authFailures.count).toBe(0);
  });

  it('a counted failure is on disk before the next request of the key may go', async () => {
    const { guard } = openGuard();
    expect(await send(guard)).toBe(true);
    guard.noteAnswer(401, 'auth-failed', null);
    const ready = guard.whenSendable();
    expect(ready).not.toBe(true);
    await ready;
    expect((await readState()).entries[0]?.auth).toEqual([T0]);
  });

  it('successful requests write nothing before they go; request counts are written lazily', async () => {
    const { guards, guard } = openGuard();
    expect(await send(guard)).toBe(true); // the first one waits for the in-flight allowance
    guard.noteAnswer(200, null, null);
    const afterFirst = writes.count;
    for (let i = 0; i < 100; i++) {
      expect(await send(guard)).toBe(true);
      guard.noteAnswer(200, null, null);
    }
    expect(writes.count).toBe(afterFirst);
    expect(timers).toHaveLength(1); // one lazy write, throttled
    clock.now += 1_000;
    timers.shift()?.fn();
    await guards.flush();
    expect((await readState()).entries[0]?.requests).toHaveLength(101);
  });

  it('holds timestamps and fingerprints only, mode 0600, and prunes what left every window', async () => {
    const guards = open();
    guards.guardFor(HOST, 'sha256:aaa…1234').noteAnswer(401, 'auth-failed', null);
    guards.guardFor(OTHER_HOST, 'sha256:bbb…5678').noteAnswer(400, 'bad-request', null);
    await guards.flush();
    const path = join(dataDir, GUARD_STATE_FILE);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await readState()).entries.map((e) => [e.host, e.key])).toEqual([
      [HOST, 'sha256:aaa…1234'],
      [OTHER_HOST, 'sha256:bbb…5678'],
    ]);
    clock.now += 2 * 60_000; // the refused request has left its minute; the failure has not
    await guards.flush();
    expect((await readState()).entries.map((e) => e.host)).toEqual([HOST]);
    clock.now += HOUR;
    await guards.flush();
    expect((await readState()).entries).toEqual([]);
  });

  it('after a kill, requests that were in flight count as failures at the restart', async () => {
    const { guard } = openGuard();
    for (let i = 0; i < 10; i++) {
      expect(await send(guard)).toBe(true);
      guard.noteAnswer(401, 'auth-failed', null);
    }
    for (let i = 0; i < 3; i++) expect(await send(guard)).toBe(true);
    // kill -9: no close, the three answers never counted.
    await killed();
    clock.now += 5_000;
    const after = open().guardFor(HOST, 'fp');
    const auth = after.status().authFailures.count;
    expect(auth).toBeGreaterThanOrEqual(13);
    expect(after.status().businessFailures.count).toBeGreaterThanOrEqual(3);
    // Counted at the restart, so they stay in the window as long as the platform's could.
    clock.now = T0 + HOUR + 1;
    expect(after.status().authFailures.count).toBe(auth - 10);
  });

  it('a clean stop leaves no allowance behind: the restart counts nothing more', async () => {
    const { guards: before, guard } = openGuard();
    expect(await send(guard)).toBe(true);
    guard.noteAnswer(401, 'auth-failed', null);
    await before.close();
    expect((await readState()).entries[0]?.inFlight).toBe(0);
    expect(open().guardFor(HOST, 'fp').status().authFailures.count).toBe(1);
  });

  it('a key whose secret works gives its allowance back at once: a kill then adds nothing', async () => {
    const { guards: before, guard } = openGuard();
    const first = await sendTicket(guard, 'right');
    expect((await readState()).entries[0]?.inFlight).toBeGreaterThan(0); // written before it went
    guard.noteAnswer(200, null, null, first ?? undefined);
    await before.flush();
    expect((await readState()).entries[0]?.inFlight).toBe(0);
    const written = writes.count;
    for (let i = 0; i < 3; i++) expect(await sendTicket(guard, 'right')).not.toBeNull();
    expect(writes.count).toBe(written); // no write needed for a verified secret
    await killed();
    expect(open().guardFor(HOST, 'fp').status().authFailures.count).toBe(0);
  });

  it('failures presumed after one kill do not keep a working secret from being trusted: kills do not pile up', async () => {
    // Run 1 is killed with a request of its not-yet-verified secret in flight: the restart
    // presumes failures it never saw.
    let guard = open().guardFor(HOST, 'fp');
    expect(await sendTicket(guard, 'right')).not.toBeNull();
    await killed();
    clock.now += 1_000;
    let guards = open();
    guard = guards.guardFor(HOST, 'fp');
    const presumed = guard.status().authFailures.count;
    expect(presumed).toBeGreaterThan(0);
    expect(guard.status().refusing).toBeNull();
    // Forty more runs, each verifying its secret (the write that gives the allowance back has
    // landed) and killed with requests in flight: the secret works, so nothing more is presumed
    // and the key is never held back.
    for (let run = 0; run < 40; run++) {
      const first = await sendTicket(guard, 'right');
      expect(first, `run ${run}: ${guard.status().refusing?.reason ?? ''}`).not.toBeNull();
      guard.noteAnswer(200, null, null, first ?? undefined);
      await guards.flush();
      for (let i = 0; i < 2; i++) expect(await sendTicket(guard, 'right')).not.toBeNull();
      await killed();
      clock.now += 1_000;
      guards = open();
      guard = guards.guardFor(HOST, 'fp');
    }
    expect(guard.status().authFailures.count).toBe(presumed);
    // A failure seen for real still ends the trust: the next kill counts what was in flight.
    const seen = await sendTicket(guard, 'right');
    guard.noteAnswer(401, 'auth-failed', null, seen ?? undefined);
    expect(await sendTicket(guard, 'right')).not.toBeNull();
    await killed();
    clock.now += 1_000;
    expect(open().guardFor(HOST, 'fp').status().authFailures.count).toBeGreaterThanOrEqual(presumed + 2);
  });

  it('another secret under the same key id is not trusted for it: a kill counts its requests', async () => {
    const { guard } = openGuard();
    const first = await sendTicket(guard, 'right');
    guard.noteAnswer(200, null, null, first ?? undefined);
    for (let i = 0; i < 2; i++) expect(await sendTicket(guard, 'mistyped')).not.toBeNull();
    await killed(); // the two may have failed: the platform counted them, the console never saw it
    expect(open().guardFor(HOST, 'fp').status().authFailures.count).toBeGreaterThanOrEqual(2);
  });

  it('a failing key’s allowance falls back to zero on disk once it is idle', async () => {
    const { guards, guard } = openGuard();
    expect(await send(guard)).toBe(true);
    guard.noteAnswer(401, 'auth-failed', null);
    await guards.flush();
    expect((await readState()).entries[0]?.inFlight).toBeGreaterThan(0);
    const idle = timers.at(-1);
    expect(idle).toBeDefined();
    clock.now = idle?.at ?? clock.now;
    idle?.fn();
    await guards.flush();
    expect((await readState()).entries[0]?.inFlight).toBe(0);
  });

  it('an unreadable file does not stop the app: it is set aside and every key starts half-spent', async () => {
    await writeFile(join(dataDir, GUARD_STATE_FILE), '{"version":1,"entries":[{"host":', { mode: 0o600 });
    const guards = open();
    expect(warnings.join('\n')).toMatch(/unreadable/);
    const assumed = Math.floor(PLATFORM_LIMITS.authFailures.limit * UNREADABLE_ASSUMED_SHARE);
    const guard = guards.guardFor(HOST, 'fp');
    expect(guard.status().authFailures.count).toBe(assumed);
    expect(await send(guard)).toBe(true); // still working
    guard.noteAnswer(200, null, null);
    await guards.flush();
    expect((await readdir(dataDir)).some((n) => n.startsWith(`${GUARD_STATE_FILE}.unreadable-`))).toBe(true);
    expect((await readState()).assumed).toEqual({ authFailures: assumed, at: T0 });

    // The assumption survives a restart for keys not seen yet, until its hour has passed.
    clock.now += 60_000;
    expect(open().guardFor(OTHER_HOST, 'other').status().authFailures.count).toBe(assumed);
    clock.now = T0 + HOUR + 1;
    expect(open().guardFor(OTHER_HOST, 'third').status().authFailures.count).toBe(0);
  });

  it('a file of another shape is unreadable too, not a crash', () => {
    return writeFile(join(dataDir, GUARD_STATE_FILE), '[1,2,3]').then(() => {
      expect(() => open()).not.toThrow();
      expect(warnings.join('\n')).toMatch(/unreadable \(no|not an object|unknown version/);
    });
  });
});

describe('key guards: a key never reaches the platform’s 30 failures', () => {
  it('two workspaces sending at once with a wrong secret, killed and restarted now and then', async () => {
    // The platform's own count: every request sent with the wrong secret is a failure.
    let platformFailures = 0;
    let guards = open();
    const inFlight: LockoutGuard[] = [];
    for (let step = 0; step < 400; step++) {
      const guard = guards.guardFor(HOST, 'fp'); // workspace A or B: the same key
      // Both workspaces try to send; some requests stay in flight across a step.
      for (let w = 0; w < 2; w++) if (await send(guard)) inFlight.push(guard);
      // The platform answers some of them, each one a failed authentication.
      while (inFlight.length > step % 3) {
        inFlight.pop()?.noteAnswer(401, 'auth-failed', null);
        platformFailures++;
      }
      expect(platformFailures).toBeLessThan(PLATFORM_LIMITS.authFailures.limit);
      if (step % 7 === 6) {
        // kill -9: the answers still in flight reach the platform, not the dead process.
        platformFailures += inFlight.length;
        inFlight.length = 0;
        expect(platformFailures).toBeLessThan(PLATFORM_LIMITS.authFailures.limit);
        await killed();
        guards = open();
      }
      clock.now += 1_000;
    }
    expect(platformFailures).toBeGreaterThan(20); // it did try
  });
});

describe('key guards: what a restart counts, exactly', () => {
  const SIX_MIN = 6 * 60_000;
  /** A state file as a killed run left it, at T0. */
  async function leftBehind(
    entry: Partial<GuardStateDocument['entries'][number]>,
    assumed = null,
  ): Promise<void> {
    const document: GuardStateDocument = {
      version: 1,
      entries: [
        {
          host: HOST,
          key: 'fp',
          ...emptyGuardSnapshot(),
          ...entry,
        },
      ],
      assumed,
    };
    await writeFile(join(dataDir, GUARD_STATE_FILE), JSON.stringify(document), { mode: 0o600 });
  }

  it('presumes what was in flight only up to one short of each limit, counting what is in the window', async () => {
    await leftBehind({
      // Gone from the hour (one exactly at its edge), then 20 seen and 6 presumed in it: 26.
      auth: [T0 - 2 * HOUR, T0 - HOUR, ...Array<number>(20).fill(T0 - SIX_MIN)],
      presumedAuth: Array<number>(6).fill(T0 - SIX_MIN / 2),
      // One at the minute's edge, then 56 refusals in it.
      business: [T0 - 60_000, ...Array<number>(56).fill(T0 - 10_000)],
      inFlight: 5,
    });
    const guards = open();
    expect(writes.count).toBe(1); // what was presumed is written at once
    const status = guards.guardFor(HOST, 'fp').status();
    expect(status.authFailures.count).toBe(PLATFORM_LIMITS.authFailures.limit - 1); // 26 + 3 of the 5
    expect(status.businessFailures.count).toBe(PLATFORM_LIMITS.businessFailures.limit - 1); // 56 + 3
    await guards.flush();
    const written = (await readState()).entries[0];
    expect(written?.presumedAuth).toEqual([...Array<number>(6).fill(T0 - SIX_MIN / 2), T0, T0, T0]);
    expect(written?.auth).toHaveLength(20);
  });

  it('presumes every request in flight while the limit is far', async () => {
    await leftBehind({ auth: [T0 - SIX_MIN], presumedAuth: [T0 - SIX_MIN], inFlight: 4 });
    const status = open().guardFor(HOST, 'fp').status();
    expect(status.authFailures.count).toBe(2 + 4);
    expect(status.businessFailures.count).toBe(4);
  });

  it('a file left with nothing in flight is taken as it is, without a write', async () => {
    await leftBehind({ auth: [T0 - SIX_MIN], inFlight: 0 });
    const guards = open();
    expect(guards.guardFor(HOST, 'fp').status().authFailures.count).toBe(1);
    expect(writes.count).toBe(0);
  });

  it('says what it did with an unreadable file, and forgets the assumption when its hour is over', async () => {
    const path = join(dataDir, GUARD_STATE_FILE);
    await writeFile(path, '{', { mode: 0o600 });
    const guards = open();
    const assumed = Math.floor(PLATFORM_LIMITS.authFailures.limit * UNREADABLE_ASSUMED_SHARE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^the lockout guard state file is unreadable \(not JSON \(.+\)\)/);
    expect(warnings[0]).toMatch(
      new RegExp(
        `; kept as ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.unreadable-${T0}: every API key starts as if it had ${assumed} failed authentications now, for one hour$`,
      ),
    );
    await guards.flush();
    clock.now = T0 + HOUR - 1;
    await guards.flush();
    expect((await readState()).assumed).toEqual({ authFailures: assumed, at: T0 });
    clock.now = T0 + HOUR;
    await guards.flush();
    expect((await readState()).assumed).toBeNull();
  });

  it('plans the next lazy write for the key idle soonest', async () => {
    const guards = open();
    const first = guards.guardFor(HOST, 'a');
    expect(await send(first)).toBe(true);
    first.noteAnswer(401, 'auth-failed', null);
    await guards.flush();
    clock.now += 2_000;
    const second = guards.guardFor(HOST, 'b');
    expect(await send(second)).toBe(true);
    second.noteAnswer(401, 'auth-failed', null);
    guards.guardFor(HOST, 'c'); // nothing on disk for it: no idle write of its own
    await guards.flush();
    expect(timers.map((t) => t.at)).toEqual([T0 + IDLE_SHRINK_MS]);
  });

  it('writes request counts no more often than the throttle it is given', async () => {
    const guards = open({ throttleMs: 30_000 });
    const guard = guards.guardFor(HOST, 'fp');
    const first = await sendTicket(guard, 'right');
    guard.noteAnswer(200, null, null, first ?? undefined);
    await guards.flush();
    timers = [];
    expect(await sendTicket(guard, 'right')).not.toBeNull();
    expect(timers.map((t) => t.at)).toEqual([T0 + 30_000]);
  });
});
