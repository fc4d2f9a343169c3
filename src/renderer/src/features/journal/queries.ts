/**
 * The Journal view's queries. The main side filters, groups by action and pages (100,000 entries
 * never cross the bridge); the view asks for one window of actions at a time.
 */
import { queryOptions } from '@tanstack/react-query';
import type { JournalOutcome } from '@shared/contract';
import { copper } from '../../lib/api';
import { paramsQuery } from '../../state/queries';
import { unwrap } from '../../state/query-client';

/** Actions per page (each brings its steps: at most 20 each, rarely more than 8). */
export const PAGE_SIZE = 200;

export type JournalParams = {
  action: string;
  outcome: JournalOutcome | '';
  /** Epoch ms strings from the time-range fields ('' = open); sent as ISO. */
  from: string;
  to: string;
  search: string;
  unsettledOnly: boolean;
  page: number;
};

const iso = (epochMs: string) => (epochMs === '' ? undefined : new Date(Number(epochMs)).toISOString());

/** The filter part of the parameters, as the contract takes it (export and query share it). */
export function journalFilter(p: JournalParams) {
  const from = iso(p.from);
  const to = iso(p.to);
  return {
    ...(p.action ? { action: p.action } : {}),
    ...(p.outcome ? { outcome: p.outcome } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(p.search.trim() ? { search: p.search.trim() } : {}),
    ...(p.unsettledOnly ? { unsettledOnly: true } : {}),
  };
}

/** One page of actions (one row per action id, with its steps), unsettled first, then the most recently active. */
export const journalActionsQuery = (workspaceId: string, p: JournalParams) =>
  paramsQuery(workspaceId, 'journal.actions', p, () =>
    copper().journal.actions({
      workspaceId,
      ...journalFilter(p),
      offset: p.page * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );

export const verdictQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'journal.verify', {}] as const,
    queryFn: () => unwrap(copper().journal.verify({ workspaceId })),
  });

/** One full entry for the detail pane: an entry never changes once written, so it is read once. */
export const journalEntryQuery = (workspaceId: string, seq: number) =>
  queryOptions({
    queryKey: [workspaceId, 'journal.entry', { seq }] as const,
    queryFn: () => unwrap(copper().journal.entry({ workspaceId, seq })),
  });

/** Writes the matching entries (the filters, every page) as CSV to a file the operator chose. */
export function exportJournalCsv(workspaceId: string, filePath: string, p: JournalParams) {
  return copper().journal.exportCsv({ workspaceId, filePath, ...journalFilter(p) });
}
