/**
 * The blotter's words: every exchange order the console sent, rebuilt on the main side from the
 * action journal (src/main/journal/blotter.ts) and shown in the Agent wallets tab. One row per
 * order of a batch, with the status the exchange's answer gave it and the cancels and modifies
 * sent for it later.
 */
import type { CallInput } from './contract';
import type { ExchangeOrder } from './exchange-actions';

/**
 * What the answer says of one order: resting or filled (with its oid), error (with the exchange's
 * message, or the refusal of the whole action), unknown (no clear answer: the outcome is unknown
 * or unsettled, or the answer did not carry one status per order).
 */
export const BLOTTER_STATUSES = ['resting', 'filled', 'error', 'unknown'] as const;
export type BlotterStatus = (typeof BLOTTER_STATUSES)[number];

/** The contract validates the same words (contract.ts, `journal.blotter`); checked both ways here. */
type ContractStatus = NonNullable<CallInput<'journal.blotter'>['status']>;
const sameStatuses: [ContractStatus, BlotterStatus] extends [BlotterStatus, ContractStatus] ? true : false =
  true;
void sameStatuses;

/** Rows per page when the caller does not say; the contract allows at most 1000. */
export const BLOTTER_PAGE = 200;

/**
 * The batch an order was sent in: all-ok, partly-failed (some orders refused: amber "Partly
 * failed"), failed (every order refused, or the action refused), unknown (no clear answer).
 */
export type BatchVerdict = 'all-ok' | 'partly-failed' | 'failed' | 'unknown';

/**
 * A cancel or modify sent later for the order (matched by its oid or cloid), with what its answer
 * said: sent (no clear answer yet: outcome unknown), done (cancelled / modified), failed.
 */
export interface BlotterFollowUp {
  kind: 'cancel' | 'modify';
  actionId: string;
  time: string;
  state: 'sent' | 'done' | 'failed';
  /** The exchange's message for a failure, or the operator's finding for a settled one. */
  message?: string;
  /** A modify: the new size and price ("0.02 @ 30100"). */
  change?: string;
  /** A modify whose answer gave the order a new oid. */
  newOid?: string;
}

export interface BlotterRow {
  /** `<actionId>:<index>`: unique and stable. */
  id: string;
  actionId: string;
  /** The order's position in its batch (0-based), and the batch's size. */
  index: number;
  batchSize: number;
  batch: BatchVerdict;
  /** When it was sent (the journal's "sent" entry, ISO). */
  time: string;
  operator: string | null;
  environment: string;
  /** A fingerprint of the API key whose agent wallet signed (never the key itself). */
  keyId: string | null;
  /** The vault the order was placed for, when the body named one. */
  vaultAddress: string | null;
  nonce: string | null;
  /** The order exactly as sent (asset index, side, price, size, reduce-only, type, cloid). */
  order: ExchangeOrder;
  side: 'buy' | 'sell';
  /** "Gtc", "Ioc", "Alo", or "trigger tp"/"trigger sl". */
  orderType: string;
  status: BlotterStatus;
  /** The error's message, the fill ("0.01 @ 30000"), or why the status is unknown. */
  statusText: string;
  /** The oid the answer gave (digits, exact), else null. */
  oid: string | null;
  /** The oid that names the order now: the last one a modify's answer gave, else `oid`. */
  liveOid: string | null;
  cloid: string | null;
  followUps: BlotterFollowUp[];
}

export interface BlotterPage {
  /** Rows matching the filter, all pages. */
  total: number;
  offset: number;
  rows: BlotterRow[];
  /** Every asset index seen, for the filter. */
  assets: number[];
  /** Journal entries of exchange actions that could not be read (undecodable, or not the shape written). */
  unreadable: number;
  /** Why, for the first few of them. */
  unreadableNotes: string[];
}
