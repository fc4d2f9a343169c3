/**
 * The row model's facts shared by the main side (src/main/row-model) and the renderer: which
 * activity fields a store keeps and how each sorts, the window size, and the shapes that cross
 * the contract. A loaded result stays on the main side; the renderer asks for windows of it.
 */
import { z } from 'zod';
import type { AllRows } from './contract-views';
import type { Activity } from './platform/resources';
import type { SortRule } from './sort-ranks';

/** The activity fields a store keeps (the platform's fields; anything else is not shown). */
export const ACTIVITY_FIELDS = [
  'activityId',
  'activityType',
  'createdAt',
  'description',
  'name',
  'organizationId',
  'portfolioId',
  'userId',
] as const satisfies readonly (keyof Activity)[];
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

/** How each activity column sorts; the Activities view's columns agree (unit-tested). */
export const ACTIVITY_SORT_RULES: Record<ActivityField, SortRule> = {
  activityId: 'code',
  activityType: 'natural',
  createdAt: 'time',
  description: 'natural',
  name: 'natural',
  organizationId: 'code',
  portfolioId: 'code',
  userId: 'code',
};

/** Most rows one `rows.window` call returns: ~120 KB of JSON, parsed in about a millisecond. */
export const WINDOW_MAX_ROWS = 500;

export const storeId = z.string().regex(/^rs-[a-z0-9]{1,40}$/, 'must be a row store id (rs-…)');

export const rowSortInput = z
  .object({ id: z.enum(ACTIVITY_FIELDS), desc: z.boolean() })
  .nullable()
  .describe('sort');

export const rowWindowInput = z.object({
  storeId,
  offset: z.number().int().min(0, 'must be 0 or more').max(100_000_000),
  count: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(WINDOW_MAX_ROWS, `must be at most ${WINDOW_MAX_ROWS}`),
  sort: rowSortInput,
});
export type RowWindowInput = z.infer<typeof rowWindowInput>;
export type RowSort = z.infer<typeof rowSortInput>;

/** A finished load: the store to ask for windows, its row count and the walk's report. */
export type LoadedRows = Omit<AllRows<never>, 'items'> & { storeId: string; rows: number };

export interface RowWindow<T> {
  storeId: string;
  /** Position of `rows[0]` in the sorted result. */
  offset: number;
  rows: T[];
  /** Rows in the store (the window may be shorter at the end). */
  total: number;
  sort: RowSort;
}
