/**
 * The Journal view's queries. The main side filters, groups by action and pages (100,000 entries
 * never cross the bridge); the view asks for one window of actions at a time.
 */
import type { JournalOutcome } from '@shared/contract';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';

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
export const journalActionsQuery = createWorkspaceQuery((wsId, p: JournalParams) =>
  copper().journal.actions({
    workspaceId: wsId,
    ...journalFilter(p),
    offset: p.page * PAGE_SIZE,
    limit: PAGE_SIZE,
  }),
);

export const verdictQuery = createWorkspaceQuery((wsId, _p: null) =>
  copper().journal.verify({ workspaceId: wsId }),
);

/** One full entry for the detail pane: an entry never changes once written, so it is read once. */
export const journalEntryQuery = createWorkspaceQuery((wsId, seq: number) =>
  copper().journal.entry({ workspaceId: wsId, seq }),
);
