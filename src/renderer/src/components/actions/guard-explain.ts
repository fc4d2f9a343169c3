/**
 * What each of the top bar's guard meters counts and what the platform does at its limit (issue 29:
 * "auth 0/30 · refused 0/60 · requests 3/1000" was unexplained). The limits are the platform's
 * (PLATFORM_LIMITS, platform-facts "Limits the real platform enforces"); the counts come from the
 * main side's lockout guard, which refuses the request that could reach a lockout.
 */
import type { GuardCounter, GuardStatus } from '@shared/platform/limits';

export interface GuardMeterText {
  name: 'auth' | 'refused' | 'requests';
  /** What the pill shows: `auth 0/30`. */
  short: string;
  /** The tooltip and accessible description. */
  explanation: string;
  counter: GuardCounter;
}

/** "hour", "minute", "5 minutes": the counter's rolling window. */
export function windowText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 60) return 'hour';
  if (minutes === 1) return 'minute';
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

const plain = (n: number) => n.toLocaleString('en-US');

export function guardMeterTexts(status: GuardStatus): GuardMeterText[] {
  const { authFailures: auth, businessFailures: refused, requests } = status;
  const counted = (c: GuardCounter, what: string) =>
    `${what} in the last ${windowText(c.windowMs)}: ${plain(c.count)} of ${plain(c.limit)}.`;
  return [
    {
      name: 'auth',
      short: `auth ${auth.count}/${auth.limit}`,
      counter: auth,
      explanation:
        `${counted(auth, 'Failed authentications with this API key')} At ${plain(auth.limit)} the platform ` +
        'locks the key out for 15 minutes to an hour. The console stops sending before that.',
    },
    {
      name: 'refused',
      short: `refused ${refused.count}/${refused.limit}`,
      counter: refused,
      explanation:
        `${counted(refused, 'Requests the platform refused (business-logic failures)')} At ` +
        `${plain(refused.limit)} the platform locks your user out for 3 minutes. The console stops sending before that.`,
    },
    {
      name: 'requests',
      short: `requests ${requests.count}/${requests.limit}`,
      counter: requests,
      explanation:
        `${counted(requests, 'Requests sent to the platform')} Past ${plain(requests.limit)} the platform ` +
        'answers "too many requests" (429). The console holds requests back before that, and keeps part ' +
        'of the budget for your own actions while exports and long reads run.',
    },
  ];
}
