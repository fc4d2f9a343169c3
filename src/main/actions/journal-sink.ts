/**
 * What the action service writes to the journal (src/main/journal), and nothing more: the prepared
 * request as shown, each step with its time, the answer and the outcome. The request never holds a
 * secret: signing happens in the client, after this, and the signature is not kept.
 */
import type { ActionOutcome, PreparedAction, Settlement } from '../../shared/actions';

export type ActionStep = 'prepared' | 'confirmed' | 'sent' | 'answered' | 'outcome' | 'settled' | 'acknowledged';

export interface ActionJournalRecord {
  step: ActionStep;
  actionId: string;
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: PreparedAction['workspace']['environment'];
  object?: string;
  outcome?: ActionOutcome | Settlement;
  detail?: unknown;
}

/** The journal as the action service sees it: an append that resolves once the entry is on disk. */
export interface ActionJournal {
  append(record: ActionJournalRecord): Promise<unknown>;
}

export function journalRecord(
  prepared: PreparedAction,
  step: ActionStep,
  extra: { outcome?: ActionOutcome | Settlement; detail?: unknown },
): ActionJournalRecord {
  return {
    step,
    actionId: prepared.id,
    action: prepared.kind,
    workspaceId: prepared.workspace.id,
    workspaceName: prepared.workspace.name,
    environment: prepared.workspace.environment,
    object: prepared.target,
    ...extra,
  };
}
