import { describe, expect, it } from 'vitest';
import { LockoutGuard } from '../../../src/main/guard/lockout-guard';
import { PLATFORM_LIMITS } from '../../../src/shared/platform/limits';

const T0 = 1_800_000_000_000;
function guardAt(start = T0) {
  const clock = { now: start };
  return { clock, guard: new LockoutGuard('ws', { now: () => clock.now }) };
}

describe('lockout guard: failed authentications (30 an hour lock the key)', () => {
  it('admits while one more failure stays short of the limit, refuses the one that could lock', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 28; i++) {
      guard.noteAnswer(401, 'auth-failed', null);
      clock.now += 1_000;
    }
    expect(guard.admit('interactive')).toBeNull(); // 28 failed: a 29th is still short of 30
    guard.noteAnswer(401, 'auth-failed', null);
    const refusal = guard.admit('interactive');
    expect(refusal).not.toBeNull(); // 29 failed: the next one could be the 30th
    expect(refusal?.reason).toMatch(/29 failed authentications/);
    // Safe again when the oldest failure (at T0) leaves the hour: the count falls to 28.
    expect(refusal?.retryAt).toBe(T0 + PLATFORM_LIMITS.authFailures.windowMs);
    clock.now = T0 + PLATFORM_LIMITS.authFailures.windowMs;
    expect(guard.admit('interactive')).toBeNull();
  });

  it('counts a clock-skew refusal as a failed authentication, and nothing else as one', () => {
    const { guard } = guardAt();
    guard.noteAnswer(401, 'clock-skew', null);
    guard.noteAnswer(500, 'server-error', null);
    guard.noteAnswer(null, 'timeout', null);
    guard.noteAnswer(200, null, null);
    expect(guard.status().authFailures.count).toBe(1);
    expect(guard.status().businessFailures.count).toBe(0);
  });
});

describe('lockout guard: failed business logic (60 a minute lock the user)', () => {
  it('refuses at 59 refusals in the rolling minute and says when it is safe', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 59; i++) {
      guard.noteAnswer(i % 2 ? 409 : 400, i % 2 ? 'conflict' : 'bad-request', null);
      clock.now += 100;
    }
    const refusal = guard.admit('interactive');
    expect(refusal?.reason).toMatch(/59 refused requests/);
    // 59 in the window; one must leave for the count to be 58: the first, at T0.
    expect(refusal?.retryAt).toBe(T0 + 60_000);
    clock.now = T0 + 60_000;
    expect(guard.admit('interactive')).toBeNull();
  });

  it('ages refusals out of the window', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 40; i++) guard.noteAnswer(400, 'bad-request', null);
    clock.now += 61_000;
    for (let i = 0; i < 40; i++) guard.noteAnswer(400, 'bad-request', null);
    expect(guard.status().businessFailures.count).toBe(40);
    expect(guard.admit('interactive')).toBeNull();
  });
});

describe('lockout guard: request budget and 429', () => {
  it('gives long jobs 80% of the budget and keeps the rest for the operator', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 800; i++) {
      guard.noteSent();
      clock.now += 10;
    }
    const bulk = guard.admit('bulk');
    expect(bulk?.budgetOnly).toBe(true);
    expect(bulk?.retryAt).toBe(T0 + PLATFORM_LIMITS.requests.windowMs); // the first request leaves the window
    expect(guard.admit('interactive')).toBeNull();
    for (let i = 0; i < 200; i++) guard.noteSent();
    expect(guard.admit('interactive')?.reason).toMatch(/1000 requests/);
  });

  it('pauses for Retry-After, at most ten minutes, and backs off exponentially without one', () => {
    const { clock, guard } = guardAt();
    guard.noteAnswer(429, 'rate-limited', 12_000);
    expect(guard.admit('interactive')?.retryAt).toBe(T0 + 12_000);
    expect(guard.admit('interactive')?.reason).toMatch(/waiting 12 s/);
    clock.now = T0 + 12_000;
    expect(guard.admit('interactive')).toBeNull();
    guard.noteAnswer(429, 'rate-limited', 3_600_000);
    expect(guard.pausedUntilMs).toBe(clock.now + 600_000);
    clock.now += 600_000;
    guard.noteAnswer(429, 'rate-limited', null); // third 429 in a row, no Retry-After: 1 s × 2²
    expect(guard.pausedUntilMs).toBe(clock.now + 4_000);
    clock.now += 4_000;
    guard.noteAnswer(200, null, null);
    guard.noteAnswer(429, 'rate-limited', null);
    expect(guard.pausedUntilMs).toBe(clock.now + 1_000); // a success resets the back-off
  });
});
