/** The vault's idle lock (src/main/keychain/idle-lock.ts), on timers the test fires itself. */
import { describe, expect, it } from 'vitest';
import { IdleLock } from '../../../src/main/keychain/idle-lock';
import { manualTimers } from '../../support/fixtures/keychain';

describe('IdleLock', () => {
  it('counts down in minutes, re-arms on use, and fires once', () => {
    const t = manualTimers();
    let fired = 0;
    const lock = new IdleLock(() => fired++, 3, t.timers);
    expect(lock.armed).toBe(false);
    expect(lock.idleMinutes).toBe(3);
    lock.arm();
    lock.arm();
    expect(t.pending.map((p) => p.ms)).toEqual([180_000]);
    expect(lock.armed).toBe(true);
    t.fire();
    expect(fired).toBe(1);
    expect(lock.armed).toBe(false);
  });

  it('restarts a running countdown with the new period, and leaves a stopped one stopped', () => {
    const t = manualTimers();
    const lock = new IdleLock(() => undefined, 3, t.timers);
    lock.setMinutes(5);
    expect(t.pending).toEqual([]);
    expect(lock.idleMinutes).toBe(5);
    lock.arm();
    lock.setMinutes(7);
    expect(t.pending.map((p) => p.ms)).toEqual([420_000]);
    lock.disarm();
    expect(t.pending).toEqual([]);
    expect(lock.armed).toBe(false);
  });
});
