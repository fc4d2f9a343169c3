/**
 * Activities of every ActivityType, newest first. Every 97th description carries hostile text so
 * that the console's escaping and CSV quoting are exercised.
 */
import { ACTIVITY_TYPES, type ActivityType } from '../../shared/platform/enums';
import type { Activity } from '../../shared/platform/resources';
import type { Rng } from '../prng';
import { BASE_TIME, HOSTILE_TEXTS } from './types';

/** "loan-top-up-accepted" → "Loan top up accepted". */
export function activityName(type: ActivityType): string {
  const words = type.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SUBJECTS = ['portfolio', 'member', 'API key', 'address', 'order', 'loan', 'wallet', 'setting'];

export function buildActivities(
  rng: Rng,
  organizationId: string,
  userIds: readonly string[],
  portfolioIds: readonly string[],
  count: number,
): Activity[] {
  const out: Activity[] = new Array<Activity>(count);
  const names = ACTIVITY_TYPES.map(activityName);
  let t = BASE_TIME;
  for (let i = 0; i < count; i++) {
    t -= rng.between(1_000, 59_000);
    // The first records cycle through every type so that even a tiny set has all of them.
    const typeIndex = i < ACTIVITY_TYPES.length ? i : rng.int(ACTIVITY_TYPES.length);
    const activityType = ACTIVITY_TYPES[typeIndex] ?? 'login';
    // Hostile text leads the description, so a formula (`=HYPERLINK(…`, `+SUM(…`, `@cmd…`) starts
    // a CSV cell as it would in a real attack and an export has something to neutralise.
    const hostile = i % 97 === 13 ? `${HOSTILE_TEXTS[((i / 97) % HOSTILE_TEXTS.length) | 0] ?? ''} ` : '';
    const userId = rng.pick(userIds);
    const subject = SUBJECTS[typeIndex % SUBJECTS.length] ?? 'item';
    out[i] = {
      activityId: rng.uuid(),
      activityType,
      createdAt: String(t),
      description: `${hostile}${names[typeIndex] ?? activityType} for ${subject} #${rng.between(1, 99_999)}`,
      name: names[typeIndex] ?? activityType,
      organizationId,
      portfolioId: rng.chance(0.7) ? rng.pick(portfolioIds) : '',
      userId,
    };
  }
  return out;
}
