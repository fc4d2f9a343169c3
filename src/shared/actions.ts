/**
 * Actions: every call that changes state on the platform (a POST or PATCH). They cross the
 * boundary in two steps (architecture.md, "Actions that move money"):
 *
 *   actions.prepare({workspaceId, action})  → the main side validates every field with the schemas
 *       below, builds the exact request (method, path, media type, body) and returns it as a
 *       `PreparedAction` with a one-shot id that expires after PREPARED_TTL_MS;
 *   actions.execute({id, phrase?})          → signs and sends exactly that request, once, and
 *       answers an `ActionResult`: done, refused or unknown. Never "failed" when unsure.
 *
 * The renderer's forms parse with the same schemas for early feedback; the main side decides.
 * The two PATCHes that change nothing (the LTV estimate and dry run) are reads: ./ltv-reads.ts.
 */
import { z } from 'zod';
import { KIND_SCHEMAS } from './action-kinds';
import { workspaceId } from './contract-inputs';
import type { ExchangeVerdict } from './exchange-actions';
import { SETTLEMENTS, type ActionOutcome, type Settlement } from './journal-entries';
import type { Environment } from './platform/enums';
import type { Loan } from './platform/resources';
import type { AppError } from './result';

/** A prepared request is valid this long; after that `execute` refuses it and nothing is sent. */
export const PREPARED_TTL_MS = 2 * 60_000;

/**
 * What an operator may ask the console to send: one member per kind of action, each declared with
 * its schema in its own file of ./action-kinds/ and listed in that folder's registry.
 */
export const actionInput = z.discriminatedUnion('kind', KIND_SCHEMAS);
export type ActionInput = z.infer<typeof actionInput>;
export type ActionKind = ActionInput['kind'];
/** The input of one kind of action. */
export type InputOf<K extends ActionKind> = Extract<ActionInput, { kind: K }>;

export const prepareInput = z.object({ workspaceId, action: actionInput });
export const actionId = z.string().regex(/^act_[A-Za-z0-9_-]{16,64}$/, 'must be a prepared action id');
export const executeInput = z.object({
  id: actionId,
  /** Production only: the operator's typed phrase, checked by the main side. */
  phrase: z.string().max(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// Views

export interface PreparedAction {
  id: string;
  kind: ActionKind;
  /** "Approve loan": the dialog's title and its button's label. */
  title: string;
  workspace: { id: string; name: string; environment: Environment; organizationId: string };
  /** What is acted on, e.g. "Loan 8f2c…". */
  target: string;
  /** Exactly what will be signed and sent. */
  request: {
    method: 'POST' | 'PATCH';
    url: string;
    contentType: string;
    /** The body's bytes as they will be sent and signed; null when the request has no body. */
    body: string | null;
  };
  /** Every field of the body, flattened ("collaterals[0].amount"), with the currency where one applies. */
  fields: { name: string; value: string; note?: string }[];
  /**
   * What the operator should know and is not sent: the loan's state now, the requested amount, …
   * An amount the platform sent as a string also comes as `amount`, for the confirmation to show
   * exactly as the tables do; `value` is its text as sent.
   */
  context: { label: string; value: string; amount?: { value: string; currency: string } }[];
  /**
   * What the console expected and did not see (a status, an allocation's type or status, who
   * requested it, no ceiling): shown in the confirmation; the platform decides. Absent in actions
   * restored from a journal written before warnings existed.
   */
  warnings?: string[];
  /** Epoch ms strings. */
  preparedAt: string;
  expiresAt: string;
  /** The phrase `execute` needs (production: the workspace's name), or null where none is needed. */
  phraseRequired: string | null;
  /**
   * How long the platform has to answer once the request is sent (the client's time limit), so
   * the confirmation can say until when. Absent in actions restored from a journal.
   */
  answerWithinMs?: number;
  /**
   * What signs it, as reviewed: the workspace's base URL and a fingerprint of its API key id.
   * `execute` refuses, sending nothing, when either changed since.
   */
  review: { baseUrl: string; keyFingerprint: string };
}

export type { ActionOutcome, Settlement };

export interface ActionResult {
  id: string;
  kind: ActionKind;
  outcome: ActionOutcome;
  /** One sentence for the operator: what happened, or what is not known. */
  headline: string;
  /** Refused or unknown: the error, with the platform's code, message and details. */
  error?: AppError;
  /** The HTTP status of the answer, when one came. */
  status?: number;
  /** Done: the platform's answer. */
  answer?: unknown;
  loan?: Loan;
  exchange?: ExchangeVerdict;
  /** Unknown: what "Check now" reads, or what to check on the platform where nothing can be read. */
  check?: { available: boolean; what: string };
}

export interface UnsettledAction {
  prepared: PreparedAction;
  result: ActionResult;
  /** Epoch ms string of the outcome. */
  since: string;
}

export interface CheckResult {
  id: string;
  /** null: the re-read could not tell (the answer is shown; the action stays unsettled). */
  settled: Settlement | null;
  found: string;
  loan?: Loan;
}

export const checkInput = z.object({ id: actionId });
export const settleInput = z.object({
  id: actionId,
  settled: z.enum(SETTLEMENTS),
  note: z.string().trim().min(1, 'say what you checked on the platform').max(500),
});
