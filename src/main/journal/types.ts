/**
 * The action journal's record types and the checks a record passes before it is written. The
 * journal is the console's own audit trail of actions (never reads): one JSON line per step.
 */
import { ENVIRONMENTS } from '../../shared/platform/enums';
import type { JournalRecordView } from '../../shared/contract-views';
import {
  JOURNAL_OUTCOMES,
  JOURNAL_STEPS,
  type JournalOutcome,
  type JournalStep,
} from '../../shared/journal-entries';

export { JOURNAL_OUTCOMES, JOURNAL_STEPS, type JournalOutcome, type JournalStep };

/** What an action step records (the shape is the contract's: one definition). */
export type JournalRecord = JournalRecordView;

export interface JournalEntry extends JournalRecord {
  seq: number;
  time: string;
  prevHash: string;
  /** The seal: the MAC under the journal key when `keyed`, else the SHA-256 (line-format.ts). */
  hash: string;
  keyed: boolean;
}

/** A record the journal will not write: the message says what to fix. */
export class JournalInputError extends Error {
  override readonly name = 'JournalInputError';
}

/** A record that carries a value its caller marked as secret: nothing was written. */
export class JournalSecretError extends Error {
  override readonly name = 'JournalSecretError';
}

export const DETAIL_MAX_BYTES = 16 * 1024;

/** Workspace ids become folder names, so they are held to a path-safe alphabet. */
export const WORKSPACE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function text(value: unknown, field: string, max: number, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw new JournalInputError(`${field}: must be a non-empty string.`);
  if (value.length > max) throw new JournalInputError(`${field}: must be at most ${max} characters.`);
  return value;
}

/** Copies the known fields only, checked; a caller's richer object cannot add fields to the file. */
export function checkRecord(record: JournalRecord): JournalRecord {
  if (typeof record !== 'object' || record === null)
    throw new JournalInputError('record: must be an object.');
  if (!(JOURNAL_STEPS as readonly string[]).includes(record.step))
    throw new JournalInputError(`step: must be one of ${JOURNAL_STEPS.join(', ')}.`);
  if (!(ENVIRONMENTS as readonly string[]).includes(record.environment))
    throw new JournalInputError(`environment: must be one of ${ENVIRONMENTS.join(', ')}.`);
  if (record.outcome !== undefined && !(JOURNAL_OUTCOMES as readonly string[]).includes(record.outcome))
    throw new JournalInputError(`outcome: must be one of ${JOURNAL_OUTCOMES.join(', ')}.`);
  if (record.step === 'outcome' && record.outcome === undefined)
    throw new JournalInputError('outcome: an "outcome" step must say done, refused or unknown.');
  if (typeof record.workspaceId !== 'string' || !WORKSPACE_ID_PATTERN.test(record.workspaceId))
    throw new JournalInputError('workspaceId: must be letters, digits, "-" or "_" (at most 128).');
  const out: JournalRecord = {
    step: record.step,
    actionId: text(record.actionId, 'actionId', 200) as string,
    action: text(record.action, 'action', 200) as string,
    workspaceId: record.workspaceId,
    workspaceName: text(record.workspaceName, 'workspaceName', 200) as string,
    environment: record.environment,
  };
  const keyId = text(record.keyId, 'keyId', 500, true);
  if (keyId !== undefined) out.keyId = keyId;
  const operator = text(record.operator, 'operator', 200, true);
  if (operator !== undefined) out.operator = operator;
  const object = text(record.object, 'object', 500, true);
  if (object !== undefined) out.object = object;
  if (record.outcome !== undefined) out.outcome = record.outcome;
  if (record.detail !== undefined) out.detail = trimDetail(record.detail);
  return out;
}

/**
 * Detail is kept as JSON when it fits; past the bound it becomes a marked preview, so an answer of
 * any size still yields one bounded line and the reader sees it was cut.
 */
export function trimDetail(detail: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(detail);
  } catch (error) {
    throw new JournalInputError(`detail: must be plain JSON (${(error as Error).message}).`);
  }
  if (json === undefined) return null;
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= DETAIL_MAX_BYTES) return JSON.parse(json) as unknown;
  // Cut by characters then re-check bytes: multi-byte text can make the first cut too long.
  let preview = json.slice(0, DETAIL_MAX_BYTES);
  while (Buffer.byteLength(preview, 'utf8') > DETAIL_MAX_BYTES) preview = preview.slice(0, -256);
  return { trimmed: true, originalBytes: bytes, keptBytes: Buffer.byteLength(preview, 'utf8'), preview };
}
