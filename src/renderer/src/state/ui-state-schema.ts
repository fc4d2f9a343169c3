/**
 * The stored shape of a workspace's remembered view, and its parser: anything unreadable falls
 * back to defaults, field by field. Pure (no store, no transport), so node tests import it.
 */
import { z } from 'zod';
import type { JsonObject } from '@shared/platform/resources';
import { DEFAULT_TAB, isTabId, type TabId } from '@shared/tabs';
import { DEFAULT_TIME_ZONE, type TimeZonePref } from '../lib/format';

export interface SortState {
  id: string;
  desc: boolean;
}
export interface TableLayout {
  hidden: string[];
  sort: SortState | null;
  /** Column ids in the operator's order; absent: the columns' own order. */
  order?: string[];
  /** Widths (px) the operator dragged; absent columns keep their default width. */
  sizes?: Record<string, number>;
}
export interface WorkspaceUi {
  tab: TabId;
  /** Tabs that crashed in this session; not saved as the tab to open. */
  crashed?: readonly TabId[];
  filters: Record<string, JsonObject>;
  tables: Record<string, TableLayout>;
}

const tableLayoutSchema = z.object({
  hidden: z.array(z.string().max(100)).max(100).catch([]),
  sort: z
    .object({ id: z.string().max(100), desc: z.boolean() })
    .nullable()
    .catch(null),
  order: z.array(z.string().max(100)).max(100).optional().catch(undefined),
  sizes: z.record(z.string().max(100), z.number().int().min(20).max(4000)).optional().catch(undefined),
});
const storedSchema = z.object({
  tab: z.string().optional(),
  filters: z.record(z.string(), z.record(z.string(), z.unknown())).catch({}),
  tables: z.record(z.string(), tableLayoutSchema).catch({}),
});

/** Restores a workspace's remembered view; anything unreadable falls back to defaults. */
export function parseUiState(raw: JsonObject | undefined): WorkspaceUi {
  const parsed = storedSchema.safeParse(raw ?? {});
  if (!parsed.success) return { tab: DEFAULT_TAB, filters: {}, tables: {} };
  const tab = isTabId(parsed.data.tab) ? parsed.data.tab : DEFAULT_TAB;
  return { tab, filters: parsed.data.filters as Record<string, JsonObject>, tables: parsed.data.tables };
}

/** The time-zone preference as stored: 'utc' or 'local'; anything else reads as the default (UTC). */
export function parseTimeZone(raw: unknown): TimeZonePref {
  return raw === 'utc' || raw === 'local' ? raw : DEFAULT_TIME_ZONE;
}
