import { describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS, type GuardStatus } from '@shared/platform/limits';
import { guardMeterTexts, windowText } from '../../../../src/renderer/src/components/actions/guard-explain';

const counter = (count: number, limit: { limit: number; windowMs: number }) => ({
  count,
  limit: limit.limit,
  windowMs: limit.windowMs,
});
const status: GuardStatus = {
  workspaceId: 'w',
  authFailures: counter(2, PLATFORM_LIMITS.authFailures),
  businessFailures: counter(0, PLATFORM_LIMITS.businessFailures),
  requests: counter(1234, PLATFORM_LIMITS.requests),
  pausedUntil: null,
  refusing: null,
};

describe('windowText', () => {
  it.each([
    [60_000, 'minute'],
    [5 * 60_000, '5 minutes'],
    [60 * 60_000, 'hour'],
    [120 * 60_000, '2 hours'],
  ])('%i ms → %s', (ms, text) => {
    expect(windowText(ms)).toBe(text);
  });
});

describe('guardMeterTexts', () => {
  const [auth, refused, requests] = guardMeterTexts(status);

  it('keeps the short pills as they were', () => {
    expect([auth?.short, refused?.short, requests?.short]).toEqual([
      'auth 2/30',
      'refused 0/60',
      'requests 1234/1000',
    ]);
  });

  it('explains each limit with its window, its count and what the platform does there', () => {
    expect(auth?.explanation).toBe(
      'Failed authentications with this API key in the last hour: 2 of 30. At 30 the platform locks the key ' +
        'out for 15 minutes to an hour. The console stops sending before that.',
    );
    expect(refused?.explanation).toBe(
      'Requests the platform refused (business-logic failures) in the last minute: 0 of 60. At 60 the ' +
        'platform locks your user out for 3 minutes. The console stops sending before that.',
    );
    expect(requests?.explanation).toMatch(
      /^Requests sent to the platform in the last 5 minutes: 1,234 of 1,000\. Past 1,000 the platform answers "too many requests" \(429\)\./,
    );
  });
});
