/**
 * What the action service writes to the journal (src/main/journal), and nothing more: the prepared
 * request as shown, each step with its time, the answer and the outcome. The request never holds a
 * secret: signing happens in the client, after this, and the signature is not kept.
 */
import type {
  ActionOutcome,
  ActionResult,
  PreparedAction,
  Settlement,
  UnsettledAction,
} from '../../shared/actions';
import type { JournalStep } from '../../shared/journal-entries';
import type { CheckTarget } from './check-now';

/** The journal's step (one list: shared/journal-entries.ts). */
export type ActionStep = JournalStep;

export interface ActionJournalRecord {
  step: ActionStep;
  actionId: string;
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: PreparedAction['workspace']['environment'];
  /** A fingerprint of the signing key (never the key id itself, never the secret). */
  keyId?: string;
  /** Who acted: the operator name from preferences, else the OS account name. */
  operator?: string;
  object?: string;
  outcome?: ActionOutcome | Settlement;
  detail?: unknown;
}

/** The journal as the action service sees it: an append that resolves once the entry is on disk. */
export interface ActionJournal {
  append(record: ActionJournalRecord): Promise<unknown>;
  /** Why the workspace's journal refuses appends (it failed its anchor check), or null. */
  damage?(workspaceId: string): Promise<string | null>;
}

export function journalRecord(
  prepared: PreparedAction,
  step: JournalStep,
  extra: { outcome?: ActionOutcome | Settlement; detail?: unknown; keyId?: string; operator?: string },
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

/**
 * What the "outcome" entry of an unknown action keeps so that it can be shown and checked again
 * after a restart: the prepared request without its fields (those are in the "prepared" entry),
 * the result, and what Check now reads. Kept small: the journal trims a detail past 16 KB.
 */
export interface OutcomeDetail {
  prepared: Omit<PreparedAction, 'fields' | 'context' | 'request'> & {
    request: Omit<PreparedAction['request'], 'body'>;
  };
  result: Omit<ActionResult, 'answer' | 'loan' | 'exchange'>;
  target: CheckTarget;
  dedupKey: string;
}

/**
 * The "sent" entry carries what is needed to list the action as unsettled after a restart, should
 * no outcome follow it (write-ahead), and the base URL and key fingerprint that sign it.
 */
export interface SentDetail extends Omit<OutcomeDetail, 'result'> {
  at: string;
  baseUrl: string;
}

export function sentDetail(
  prepared: PreparedAction,
  target: CheckTarget,
  dedupKey: string,
  at: string,
): SentDetail {
  const { prepared: summary } = outcomeDetail(
    prepared,
    { id: prepared.id, kind: prepared.kind, outcome: 'unknown', headline: '' },
    target,
    dedupKey,
  );
  return { at, baseUrl: prepared.review.baseUrl, prepared: summary, target, dedupKey };
}

/** The headline of an action found "sent" with no outcome after a restart. */
export const SENT_WITHOUT_OUTCOME =
  'Sent, and no outcome was recorded: the console stopped, or could not write the answer, after the request may have left. ' +
  'The outcome is unknown: check it before sending it again.';

export function outcomeDetail(
  prepared: PreparedAction,
  result: ActionResult,
  target: CheckTarget,
  dedupKey: string,
): OutcomeDetail {
  const { fields: _f, context: _c, request, ...rest } = prepared;
  const { answer: _a, loan: _l, exchange: _e, ...summary } = result;
  return {
    prepared: {
      ...rest,
      request: { method: request.method, url: request.url, contentType: request.contentType },
    },
    result: summary,
    target,
    dedupKey,
  };
}

/**
 * An unsettled action as recorded before a restart: its last "outcome: unknown" entry, or its
 * "sent" entry when no outcome followed; null when the entry is not one of ours.
 */
export function unsettledFromJournal(
  entry: { time: string; step?: string; detail?: unknown },
  checkPlanOf: (target: CheckTarget) => { available: boolean; what: string },
): { action: UnsettledAction; target: CheckTarget; dedupKey: string } | null {
  const d = entry.detail as Partial<OutcomeDetail> | undefined;
  if (!d || typeof d !== 'object' || !d.prepared || !d.target || typeof d.dedupKey !== 'string') return null;
  if (entry.step === 'sent') {
    d.result = {
      id: d.prepared.id,
      kind: d.prepared.kind,
      outcome: 'unknown',
      headline: SENT_WITHOUT_OUTCOME,
      check: checkPlanOf(d.target),
    };
  }
  if (!d.result) return null;
  const prepared: PreparedAction = {
    ...d.prepared,
    // Entries written before the review was recorded have none.
    review: d.prepared.review ?? { baseUrl: '', keyFingerprint: '' },
    request: { ...d.prepared.request, body: null },
    fields: [],
    context: [
      { label: 'Recorded', value: 'before the console restarted; the full request is in the journal' },
    ],
  };
  const since = Date.parse(entry.time);
  return {
    action: { prepared, result: d.result, since: String(Number.isNaN(since) ? Date.now() : since) },
    target: d.target,
    dedupKey: d.dedupKey,
  };
}
