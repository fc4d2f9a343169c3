/**
 * The alert centre's memory (issue 28.3): the risk watch's alerts reduced to one line per loan in
 * its latest state, with the loan's history behind it. A newer state replaces the older one ("is
 * in margin call" then "is back to healthy" is one healthy line). Bounded: the last
 * `perLoan` alerts of a loan and at most `loans` loans (across workspaces); past that the line
 * settled longest ago goes first (healthy or acknowledged), else the oldest line. Pure: the cache
 * (queries.ts) holds the book, the views read it.
 */
import { timestampMs } from '@shared/timestamps';
import type { RiskAlert, RiskAlertKind } from '@shared/risk';

export const ALERT_LIMITS = { perLoan: 50, loans: 1000 } as const;
export type AlertLimits = { perLoan: number; loans: number };

/** The four colours of the centre: a reminder and a cure ending are still a margin call. */
export type Severity = 'default' | 'margin-call' | 'warning' | 'healthy';

const SEVERITY: Record<RiskAlertKind, Severity> = {
  default: 'default',
  'margin-call': 'margin-call',
  reminder: 'margin-call',
  'cure-ending': 'margin-call',
  warning: 'warning',
  healthy: 'healthy',
};

export const severityOf = (kind: RiskAlertKind): Severity => SEVERITY[kind];

/** Worst first: the order of the centre's lines and of the strip's words. */
const RANK: Record<Severity, number> = { default: 0, 'margin-call': 1, warning: 2, healthy: 3 };

export interface AlertLine {
  /** `workspaceId` + loan id. */
  key: string;
  workspaceId: string;
  loanId: string;
  /** The loan's newest alert (by its time; arrival breaks ties): its state. */
  latest: RiskAlert;
  /** Newest first, the latest included; at most `perLoan`. */
  history: readonly RiskAlert[];
  /** The operator answered the latest state (the watch's acknowledge, or "Mark seen"). */
  acknowledged: boolean;
}

/** Lines in arrival order of their latest state (oldest first); immutable, replaced on change. */
export type AlertBook = ReadonlyMap<string, AlertLine>;

export const EMPTY_BOOK: AlertBook = new Map();

const keyOf = (workspaceId: string, loanId: string) => JSON.stringify([workspaceId, loanId]);

const timeOf = (a: RiskAlert) => timestampMs(a.at) ?? -Infinity;

/** The same alert told twice (the read-back and its event): same loan, kind and time. */
const sameAlert = (a: RiskAlert, b: RiskAlert) => a.kind === b.kind && a.at === b.at;

/**
 * The alert joins its loan's line; it becomes the line's state unless an alert of a later time is
 * there. An alert the line already holds changes nothing (the main side's log, read back after a
 * reload, and the events overlap).
 */
export function addAlert(book: AlertBook, alert: RiskAlert, limits: AlertLimits = ALERT_LIMITS): AlertBook {
  return addAlerts(book, [alert], limits);
}

/**
 * The main side's alerts (`risk.alerts`, oldest first) folded in, each as `addAlert` would; one
 * copy of the book for the lot (a reload can bring thousands).
 */
export function addAlerts(
  book: AlertBook,
  alerts: readonly RiskAlert[],
  limits: AlertLimits = ALERT_LIMITS,
): AlertBook {
  let next: Map<string, AlertLine> | null = null;
  for (const alert of alerts) {
    const line = (next ?? book).get(keyOf(alert.workspaceId, alert.loanId));
    if (line?.history.some((a) => sameAlert(a, alert))) continue;
    next ??= new Map(book);
    put(next, line, alert, limits);
  }
  return next ?? book;
}

/** `addAlert` on a book of its own (`line`: the loan's line in it, if any). */
function put(
  book: Map<string, AlertLine>,
  line: AlertLine | undefined,
  alert: RiskAlert,
  limits: AlertLimits,
) {
  if (line === undefined) {
    const key = keyOf(alert.workspaceId, alert.loanId);
    book.set(key, {
      key,
      workspaceId: alert.workspaceId,
      loanId: alert.loanId,
      latest: alert,
      history: [alert],
      acknowledged: false,
    });
    evict(book, limits.loans);
    return;
  }
  const at = timeOf(alert);
  const index = line.history.findIndex((a) => timeOf(a) <= at);
  const position = index < 0 ? line.history.length : index;
  const history = [...line.history.slice(0, position), alert, ...line.history.slice(position)].slice(
    0,
    limits.perLoan,
  );
  if (position > 0) {
    // An older alert arriving late: history only, the line keeps its place and its state.
    book.set(line.key, { ...line, history });
    return;
  }
  book.delete(line.key);
  book.set(line.key, { ...line, latest: alert, history, acknowledged: false });
}

/** Marks the loan's current state answered; an unknown loan leaves the book as it is. */
export function acknowledgeLine(book: AlertBook, workspaceId: string, loanId: string): AlertBook {
  const key = keyOf(workspaceId, loanId);
  const line = book.get(key);
  if (line === undefined || line.acknowledged) return book;
  const next = new Map(book);
  next.set(key, { ...line, acknowledged: true });
  return next;
}

/** Needs the operator: not back to healthy, and not answered. */
export const needsAttention = (line: AlertLine): boolean =>
  !line.acknowledged && severityOf(line.latest.kind) !== 'healthy';

/** The watch's acknowledge applies (its reminders stop); other states are only marked seen here. */
export const acknowledgedByWatch = (kind: RiskAlertKind): boolean =>
  kind === 'margin-call' || kind === 'reminder' || kind === 'cure-ending';

/**
 * Lines of a margin call the watch says is acknowledged (the board's `tracked[loanId]
 * .acknowledgedAt`, at or after the line's state) are answered: a reload keeps them so.
 */
export function applyWatchAcknowledgements(
  book: AlertBook,
  workspaceId: string,
  tracked: Readonly<Record<string, { acknowledgedAt?: string }>> | undefined,
): AlertBook {
  if (typeof tracked !== 'object' || tracked === null) return book;
  let next: Map<string, AlertLine> | null = null;
  for (const line of book.values()) {
    if (line.workspaceId !== workspaceId || line.acknowledged || !acknowledgedByWatch(line.latest.kind))
      continue;
    const acknowledgedAt = Object.hasOwn(tracked, line.loanId)
      ? timestampMs(tracked[line.loanId]?.acknowledgedAt)
      : null;
    if (acknowledgedAt === null || acknowledgedAt < timeOf(line.latest)) continue;
    next ??= new Map(book);
    next.set(line.key, { ...line, acknowledged: true });
  }
  return next ?? book;
}

/**
 * One workspace's lines, as the centre lists them: those needing attention first, worst first,
 * then the rest; newest first within each.
 */
export function linesOf(book: AlertBook, workspaceId: string): AlertLine[] {
  const lines: AlertLine[] = [];
  for (const line of book.values()) if (line.workspaceId === workspaceId) lines.push(line);
  lines.reverse();
  const group = (l: AlertLine) => (needsAttention(l) ? RANK[severityOf(l.latest.kind)] : 4);
  // Stable sort: arrival order (newest first) stays within a group.
  return lines.sort((a, b) => group(a) - group(b));
}

export interface AttentionSummary {
  /** Lines needing attention: the bell's count. */
  count: number;
  /** Of those, the ones the strip under the top bar is for. */
  defaulted: number;
  marginCall: number;
}

export function summarize(lines: readonly AlertLine[]): AttentionSummary {
  const summary: AttentionSummary = { count: 0, defaulted: 0, marginCall: 0 };
  for (const line of lines) {
    if (!needsAttention(line)) continue;
    summary.count += 1;
    const severity = severityOf(line.latest.kind);
    if (severity === 'default') summary.defaulted += 1;
    if (severity === 'margin-call') summary.marginCall += 1;
  }
  return summary;
}

/** "2 loans need attention: 1 defaulted, 1 in margin call", or null when the strip has nothing to say. */
export function stripText(summary: AttentionSummary): string | null {
  const urgent = summary.defaulted + summary.marginCall;
  if (urgent === 0) return null;
  const parts = [
    summary.defaulted > 0 ? `${summary.defaulted} defaulted` : null,
    summary.marginCall > 0 ? `${summary.marginCall} in margin call` : null,
  ].filter((p) => p !== null);
  return `${urgent} ${urgent === 1 ? 'loan needs' : 'loans need'} attention: ${parts.join(', ')}`;
}

/** Over the bound: the line settled longest ago goes, else the oldest line. */
function evict(book: Map<string, AlertLine>, maxLoans: number): AlertBook {
  while (book.size > maxLoans) {
    let victim: string | undefined;
    for (const line of book.values()) {
      if (!needsAttention(line)) {
        victim = line.key;
        break;
      }
    }
    book.delete(victim ?? (book.keys().next().value as string));
  }
  return book;
}
