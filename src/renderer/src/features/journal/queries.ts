/**
 * The Journal view's queries. The main side filters and pages (100,000 entries never cross the
 * bridge); the view asks for one window at a time.
 */
import type { JournalOutcome } from '@shared/contract';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';

export const PAGE_SIZE = 500;

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

export const journalQuery = createWorkspaceQuery((wsId, p: JournalParams) =>
  copper().journal.query({
    workspaceId: wsId,
    ...journalFilter(p),
    offset: p.page * PAGE_SIZE,
    limit: PAGE_SIZE,
  }),
);

export const verdictQuery = createWorkspaceQuery((wsId, _p: null) =>
  copper().journal.verify({ workspaceId: wsId }),
);
