/**
 * The caller's activities for the `huge` size (1,000,000): not stored but made from their index
 * on demand, so that the sandbox starts at once and holds no million objects. Record i depends
 * only on the seed and i (its own PRNG stream), so any page is as cheap as the first one.
 *
 * Times are strictly decreasing without a running sum: record i is at
 * BASE_TIME − (i + 1) × 30 s + jitter, jitter in [0, 29 s], so neighbours are ≥ 1 s apart and the
 * position of any time is a binary search. Activities recorded at run time (`insert`) are kept
 * in a small sorted list and merged by position.
 */
import { ACTIVITY_TYPES } from '../../shared/platform/enums';
import type { Activity } from '../../shared/platform/resources';
import { createRng } from '../prng';
import { activityName } from './activities';
import { BASE_TIME, HOSTILE_TEXTS } from './types';

const STEP_MS = 30_000;
const MAX_JITTER_MS = 29_000;
const SUBJECTS = ['portfolio', 'member', 'API key', 'address', 'order', 'loan', 'wallet', 'setting'];
const NAMES = ACTIVITY_TYPES.map(activityName);

export class GeneratedActivities {
  /** Inserted at run time, newest first, and the merged position of each. */
  private readonly extras: Activity[] = [];
  private positions: number[] = [];
  /** Reseeded per record: creating a PRNG per record cost 8 µs, more than the record itself. */
  private readonly rng = createRng(0);

  constructor(
    private readonly streamSeed: number,
    private readonly organizationId: string,
    private readonly userIds: readonly string[],
    private readonly portfolioIds: readonly string[],
    readonly generatedCount: number,
  ) {}

  get length(): number {
    return this.generatedCount + this.extras.length;
  }

  /** Records [from, to) in order, newest first. */
  slice(from = 0, to = this.length): Activity[] {
    const end = Math.min(to, this.length);
    const out: Activity[] = [];
    let j = this.firstExtraAtOrAfter(from);
    for (let m = Math.max(0, from); m < end; m++) {
      if (j < this.extras.length && this.positions[j] === m) out.push(this.extras[j++] as Activity);
      else out.push(this.generate(m - j));
    }
    return out;
  }

  /** Every record `keep` accepts, in order (made one at a time: nothing else is held). */
  filter(keep: (activity: Activity) => boolean): Activity[] {
    const out: Activity[] = [];
    const BLOCK = 10_000;
    for (let from = 0; from < this.length; from += BLOCK) {
      for (const a of this.slice(from, from + BLOCK)) if (keep(a)) out.push(a);
    }
    return out;
  }

  /** Adds a record at its place by time (before records of the same time, as the array path). */
  insert(activity: Activity): void {
    const t = Number(activity.createdAt);
    let j = 0;
    while (j < this.extras.length && Number(this.extras[j]?.createdAt) > t) j++;
    this.extras.splice(j, 0, activity);
    this.positions = this.extras.map((e, k) => k + this.generatedNewerThan(Number(e.createdAt)));
  }

  /** The generated record at generated index `i` (0 = newest). */
  generate(i: number): Activity {
    const rng = this.rng;
    rng.reseed((this.streamSeed + Math.imul(i, 0x9e3779b9)) >>> 0);
    const createdAt = timeOf(i, rng.int(MAX_JITTER_MS + 1));
    const typeIndex = i < ACTIVITY_TYPES.length ? i : rng.int(ACTIVITY_TYPES.length);
    const activityType = ACTIVITY_TYPES[typeIndex] ?? 'login';
    const hostile = i % 97 === 13 ? `${HOSTILE_TEXTS[((i / 97) % HOSTILE_TEXTS.length) | 0] ?? ''} ` : '';
    const name = NAMES[typeIndex] ?? activityType;
    const subject = SUBJECTS[typeIndex % SUBJECTS.length] ?? 'item';
    return {
      activityId: rng.uuid(),
      activityType,
      createdAt: String(createdAt),
      description: `${hostile}${name} for ${subject} #${rng.between(1, 99_999)}`,
      name,
      organizationId: this.organizationId,
      portfolioId: rng.chance(0.7) ? rng.pick(this.portfolioIds) : '',
      userId: rng.pick(this.userIds),
    };
  }

  /** How many generated records are strictly newer than `t` (times decrease with the index). */
  private generatedNewerThan(t: number): number {
    let lo = 0;
    let hi = this.generatedCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (Number(this.generate(mid).createdAt) > t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstExtraAtOrAfter(m: number): number {
    let j = 0;
    while (j < this.positions.length && (this.positions[j] as number) < m) j++;
    return j;
  }
}

function timeOf(i: number, jitter: number): number {
  return BASE_TIME - (i + 1) * STEP_MS + jitter;
}

/** An organization's activities, newest first: stored, or generated (the caller's, size `huge`). */
export type ActivityList = Activity[] | GeneratedActivities;

export function filterActivities(list: ActivityList, keep: (activity: Activity) => boolean): Activity[] {
  return list instanceof GeneratedActivities ? list.filter(keep) : list.filter(keep);
}

/** Inserts at the place by time: before the first record that is not newer. */
export function insertActivity(list: ActivityList, activity: Activity): void {
  if (list instanceof GeneratedActivities) {
    list.insert(activity);
    return;
  }
  const t = Number(activity.createdAt);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Number(list[mid]?.createdAt) > t) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, activity);
}
