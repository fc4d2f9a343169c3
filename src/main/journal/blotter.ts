/**
 * The blotter: every exchange order the console sent, rebuilt from the action journal, so it
 * outlives a restart and a workspace switch. Read only from what the journal holds of an
 * `exchange.submit` action (no request is sent): its "prepared" entry (the body as signed: the
 * action, nonce and vault), its "sent" entry (time, operator, key fingerprint), its "answered"
 * entry (the exchange's answer, or the error), its "outcome" and any "settled" entry.
 *
 * One row per order of a batch, with the status its own entry of the answer gave it (resting,
 * filled, error) or unknown where the answer is not clear (outcome unknown or unsettled, a count of
 * statuses that does not match the orders sent). A cancel or modify sent later is linked to the
 * order by oid or cloid, with what its own answer said. An entry that cannot be read is counted
 * and named, never thrown: one bad line must not hide the rest.
 */
import {
  BLOTTER_PAGE,
  type BatchVerdict,
  type BlotterFollowUp,
  type BlotterPage,
  type BlotterRow,
  type BlotterStatus,
} from '../../shared/blotter';
import {
  exchangeAction,
  expectedStatuses,
  readExchangeAnswer,
  type ExchangeAction,
  type OrderStatusView,
} from '../../shared/exchange-actions';
import { isJsonNumberText } from '../../shared/json-number';
import type { JournalRow } from './journal-index';
import type { Journals } from './journals';
import type { JournalEntry } from './types';

export const EXCHANGE_ACTION = 'exchange.submit';
/** Reasons kept for the unreadable count: the first few say what is wrong. */
const NOTES_KEPT = 5;

/** One journal line of an exchange action: its index row always, its entry when the line could be read. */
export interface BlotterSource {
  row: JournalRow;
  entry: JournalEntry | null;
}

export interface BlotterFilter {
  status?: BlotterStatus;
  asset?: number;
  offset?: number;
  limit?: number;
}

/** What the journal says of one entry (an order, a cancel, a modify) of an action. */
type EntryResult =
  | { kind: 'ok'; status: OrderStatusView }
  | { kind: 'error'; message: string }
  | { kind: 'unknown'; why: string; settled?: string };

interface Steps {
  prepared?: BlotterSource;
  sent?: BlotterSource;
  answered?: BlotterSource;
  outcome?: BlotterSource;
  settled?: BlotterSource;
}

class Unreadable {
  count = 0;
  readonly notes: string[] = [];
  add(note: string): void {
    this.count++;
    if (this.notes.length < NOTES_KEPT) this.notes.push(note);
  }
}

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The answer with the lossless re-read's `{jsonNumber}` put back as digits (oids above 2^53). */
function withDigits(value: unknown): unknown {
  if (isJsonNumberText(value)) return value.jsonNumber;
  if (Array.isArray(value)) return value.map(withDigits);
  const r = record(value);
  if (r === null) return value;
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, withDigits(v)]));
}

/**
 * The body the "prepared" entry holds. A detail past the journal's bound is kept as a marked
 * preview (types.ts, `trimDetail`): the body, which comes first, is recovered from it when whole.
 */
function bodyText(detail: unknown): string | null {
  const d = record(detail);
  if (d === null) return null;
  const request = record(d.request);
  if (request !== null) return typeof request.body === 'string' ? request.body : null;
  if (d.trimmed !== true || typeof d.preview !== 'string') return null;
  const at = d.preview.indexOf('"body":"');
  if (at < 0) return null;
  const literal = /^"(?:[^"\\]|\\.)*"/.exec(d.preview.slice(at + 7));
  return literal ? (JSON.parse(literal[0]) as string) : null;
}

function readAction(
  prepared: BlotterSource | undefined,
): { action: ExchangeAction; nonce: string | null; vault: string | null } | string {
  if (prepared === undefined) return 'its "prepared" entry is missing';
  if (prepared.entry === null) return 'its "prepared" entry could not be read';
  const text = bodyText(prepared.entry.detail);
  if (text === null) return 'its "prepared" entry holds no request body';
  let body: Record<string, unknown> | null;
  try {
    body = record(JSON.parse(text));
  } catch {
    return 'its request body is not JSON';
  }
  const parsed = exchangeAction.safeParse(body?.action);
  if (!parsed.success) return 'its request body is not an exchange action the console sends';
  const nonce = body?.nonce;
  return {
    action: parsed.data,
    nonce: typeof nonce === 'number' || typeof nonce === 'string' ? String(nonce) : null,
    vault: typeof body?.vaultAddress === 'string' ? body.vaultAddress : null,
  };
}

const all = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

/** The settlement an operator (or Check now) recorded, in words. */
function settledWords(s: BlotterSource): string {
  const found = record(s.entry?.detail)?.found;
  return typeof found === 'string' && found !== '' ? found : 'no note';
}

/** What each of the action's `n` entries came to, as far as the journal tells. */
function results(steps: Steps, a: ExchangeAction, n: number, bad: Unreadable): EntryResult[] {
  if (steps.settled !== undefined) {
    const found = settledWords(steps.settled);
    return steps.settled.row.outcome === 'not-done'
      ? all(n, { kind: 'error', message: `not done (settled: ${found})` })
      : all(n, { kind: 'unknown', why: `settled as done: ${found}`, settled: found });
  }
  const outcome = steps.outcome?.row.outcome;
  if (outcome === undefined || outcome === null)
    return all(n, {
      kind: 'unknown',
      why: 'sent, and no outcome was recorded: the request may have left',
    });
  if (outcome === 'unknown') {
    const headline = record(record(steps.outcome?.entry?.detail)?.result)?.headline;
    return all(n, {
      kind: 'unknown',
      why: typeof headline === 'string' && headline !== '' ? headline : 'the outcome is unknown',
    });
  }
  const refused = outcome === 'refused' || outcome === 'not-done';
  const detail = record(steps.answered?.entry?.detail);
  if (detail?.trimmed === true)
    bad.add(`action ${steps.answered?.row.actionId ?? '?'}: its answer was too large to keep whole`);
  const answer = record(withDigits(detail?.answer));
  if (answer === null || (answer.status !== 'ok' && answer.status !== 'err')) {
    // Not the exchange's answer: the platform's or the console's refusal (an error), or nothing read.
    const message = typeof answer?.message === 'string' ? answer.message : null;
    return refused
      ? all(n, { kind: 'error', message: message ?? 'refused (the answer could not be read)' })
      : all(n, { kind: 'unknown', why: 'the answer could not be read from the journal' });
  }
  const read = readExchangeAnswer(answer, expectedStatuses(a));
  if (read.verdict === 'unknown')
    return all(n, {
      kind: 'unknown',
      why: `the answer carried ${read.statuses.length} statuses for ${n} entries: none can be matched for sure`,
    });
  if (read.statuses.length === 0)
    return read.verdict === 'failed'
      ? all(n, { kind: 'error', message: read.message ?? 'refused by the exchange' })
      : all(n, { kind: 'ok', status: { kind: 'success' } });
  return read.statuses.map((s) =>
    s.kind === 'error' ? { kind: 'error', message: s.message } : { kind: 'ok', status: s },
  );
}

function orderStatus(r: EntryResult): Pick<BlotterRow, 'status' | 'statusText' | 'oid'> & { cloid?: string } {
  if (r.kind === 'error') return { status: 'error', statusText: r.message, oid: null };
  if (r.kind === 'unknown') return { status: 'unknown', statusText: r.why, oid: null };
  const s = r.status;
  if (s.kind === 'resting')
    return { status: 'resting', statusText: 'resting', oid: s.oid, ...(s.cloid ? { cloid: s.cloid } : {}) };
  if (s.kind === 'filled')
    return { status: 'filled', statusText: `filled ${s.totalSz} @ ${s.avgPx}`, oid: s.oid };
  return {
    status: 'unknown',
    statusText: `the exchange answered ${s.kind === 'other' ? s.raw : s.kind} for this order`,
    oid: null,
  };
}

function batchVerdict(rows: readonly BlotterRow[]): BatchVerdict {
  if (rows.some((r) => r.status === 'unknown')) return 'unknown';
  const errors = rows.filter((r) => r.status === 'error').length;
  return errors === 0 ? 'all-ok' : errors === rows.length ? 'failed' : 'partly-failed';
}

function followUpOf(r: EntryResult, base: Omit<BlotterFollowUp, 'state'>): BlotterFollowUp {
  if (r.kind === 'error') return { ...base, state: 'failed', message: r.message };
  if (r.kind === 'unknown')
    return r.settled === undefined
      ? { ...base, state: 'sent', message: r.why }
      : { ...base, state: 'done', message: r.settled };
  const s = r.status;
  const newOid = s.kind === 'resting' || s.kind === 'filled' ? s.oid : undefined;
  return { ...base, state: 'done', ...(newOid !== undefined ? { newOid } : {}) };
}

/** The orders a cancel or modify names, with the result of its own entry. */
function targets(a: ExchangeAction): { ref: string; change?: string; kind: 'cancel' | 'modify' }[] {
  const change = (o: { s: string; p: string }) => `${o.s} @ ${o.p}`;
  switch (a.type) {
    case 'cancel':
      return a.cancels.map((c) => ({ ref: String(c.o), kind: 'cancel' }));
    case 'cancelByCloid':
      return a.cancels.map((c) => ({ ref: c.cloid.toLowerCase(), kind: 'cancel' }));
    case 'modify':
      return [{ ref: String(a.oid).toLowerCase(), change: change(a.order), kind: 'modify' }];
    case 'batchModify':
      return a.modifies.map((m) => ({
        ref: String(m.oid).toLowerCase(),
        change: change(m.order),
        kind: 'modify',
      }));
    default:
      return [];
  }
}

/** Groups the lines by action id, in journal order; counts the lines that could not be read. */
function group(sources: Iterable<BlotterSource>, bad: Unreadable): Map<string, Steps> {
  const byAction = new Map<string, Steps>();
  for (const source of sources) {
    const { row } = source;
    if (row.action !== EXCHANGE_ACTION) continue;
    if (source.entry === null)
      bad.add(`entry ${row.seq} (${row.step} of action ${row.actionId}) could not be read`);
    let steps = byAction.get(row.actionId);
    if (steps === undefined) byAction.set(row.actionId, (steps = {}));
    const step = row.step;
    if (
      step === 'prepared' ||
      step === 'sent' ||
      step === 'answered' ||
      step === 'outcome' ||
      step === 'settled'
    )
      steps[step] = source;
  }
  return byAction;
}

/** Every order sent, newest first, and the cancels and modifies linked to them; then filtered and paged. */
export function buildBlotter(sources: Iterable<BlotterSource>, filter: BlotterFilter = {}): BlotterPage {
  const bad = new Unreadable();
  const batches: BlotterRow[][] = [];
  const byRef = new Map<string, BlotterRow>();
  for (const [actionId, steps] of group(sources, bad)) {
    // Prepared and never sent (refused before, expired, not confirmed): no order left the console.
    const sent = steps.sent ?? steps.answered ?? steps.outcome;
    if (sent === undefined) continue;
    const read = readAction(steps.prepared);
    if (typeof read === 'string') {
      if (steps.prepared?.entry !== null) bad.add(`action ${actionId}: ${read}`);
      continue;
    }
    const { action } = read;
    // One result per order, cancel or modify of a batch; one for a single modify.
    const n = expectedStatuses(action) ?? 1;
    const outcomes = results(steps, action, n, bad);
    const time = sent.row.time;
    if (action.type !== 'order') {
      targets(action).forEach((t, i) => {
        const row = byRef.get(t.ref);
        if (row === undefined) return;
        const base = { kind: t.kind, actionId, time, ...(t.change ? { change: t.change } : {}) };
        const followUp = followUpOf(outcomes[i] ?? { kind: 'unknown', why: 'no status' }, base);
        row.followUps.push(followUp);
        if (followUp.newOid !== undefined) {
          row.liveOid = followUp.newOid;
          byRef.set(followUp.newOid, row);
        }
      });
      continue;
    }
    const who = sent.entry ?? steps.prepared?.entry ?? null;
    const batch = action.orders.map((order, index): BlotterRow => {
      const { cloid: answeredCloid, ...status } = orderStatus(
        outcomes[index] ?? { kind: 'unknown', why: 'no status' },
      );
      const cloid = order.c ?? answeredCloid ?? null;
      const t = order.t;
      const row: BlotterRow = {
        id: `${actionId}:${index}`,
        actionId,
        index,
        batchSize: action.orders.length,
        batch: 'unknown',
        time,
        operator: who?.operator ?? null,
        environment: sent.row.environment,
        keyId: who?.keyId ?? null,
        vaultAddress: read.vault,
        nonce: read.nonce,
        order,
        side: order.b ? 'buy' : 'sell',
        orderType: 'limit' in t ? t.limit.tif : `trigger ${t.trigger.tpsl}`,
        ...status,
        liveOid: status.oid,
        cloid,
        followUps: [],
      };
      if (row.oid !== null) byRef.set(row.oid, row);
      if (cloid !== null) byRef.set(cloid.toLowerCase(), row);
      return row;
    });
    const verdict = batchVerdict(batch);
    for (const row of batch) row.batch = verdict;
    batches.push(batch);
  }
  // Newest batch first; a batch keeps its own order.
  return page(batches.reverse().flat(), filter, bad);
}

function page(orders: BlotterRow[], filter: BlotterFilter, bad: Unreadable): BlotterPage {
  const assets = [...new Set(orders.map((r) => r.order.a))].sort((a, b) => a - b);
  const shown = orders.filter(
    (r) =>
      (filter.status === undefined || r.status === filter.status) &&
      (filter.asset === undefined || r.order.a === filter.asset),
  );
  const offset = filter.offset ?? 0;
  const limit = filter.limit ?? BLOTTER_PAGE;
  return {
    total: shown.length,
    offset,
    rows: shown.slice(offset, offset + limit),
    assets,
    unreadable: bad.count,
    unreadableNotes: bad.notes,
  };
}

/** The blotter of one workspace, read from its journal (only the exchange actions' lines). */
export async function readBlotter(
  journals: Pick<Journals, 'export'>,
  workspaceId: string,
  filter: BlotterFilter = {},
): Promise<BlotterPage> {
  const sources: BlotterSource[] = [];
  for await (const source of journals.export(workspaceId, { action: EXCHANGE_ACTION })) sources.push(source);
  return buildBlotter(sources, filter);
}
