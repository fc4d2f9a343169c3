/**
 * The alert centre's memory (src/renderer/src/features/risk/alert-book.ts): one line per loan in
 * its latest state, history behind it, bounded per loan and in loans; the bell's count and the
 * strip's words.
 */
import { describe, expect, it } from 'vitest';
import type { RiskAlert, RiskAlertKind } from '@shared/risk';
import {
  acknowledgeLine,
  addAlert,
  addAlerts,
  applyWatchAcknowledgements,
  EMPTY_BOOK,
  linesOf,
  severityOf,
  stripText,
  summarize,
  type AlertBook,
} from '../../../../src/renderer/src/features/risk/alert-book';

const alert = (loanId: string, kind: RiskAlertKind, at: number, workspaceId = 'a') =>
  ({ workspaceId, loanId, kind, title: `${loanId} ${kind}`, body: '', at: String(at) }) as RiskAlert;

const book = (...alerts: RiskAlert[]) => alerts.reduce<AlertBook>((b, a) => addAlert(b, a), EMPTY_BOOK);

/** A book of one alert per `loan:kind`, at the times 1, 2, 3… in the order given. */
const bookOf = (...lines: string[]) =>
  book(
    ...lines.map((line, i) => {
      const [loanId = '', kind] = line.split(':');
      return alert(loanId, kind as RiskAlertKind, i + 1);
    }),
  );

/** `loan:kind` of each line, in the centre's order. */
const shown = (b: AlertBook, ws = 'a') => linesOf(b, ws).map((l) => `${l.loanId}:${l.latest.kind}`);

describe('one line per loan in its latest state', () => {
  it('a newer state replaces the older one; the history keeps both, newest first', () => {
    const b = book(alert('x', 'margin-call', 1_000), alert('x', 'healthy', 2_000));
    expect(shown(b)).toEqual(['x:healthy']);
    expect(linesOf(b, 'a')[0]?.history.map((a) => a.kind)).toEqual(['healthy', 'margin-call']);
  });

  it('an older alert arriving late joins the history and leaves the state', () => {
    const b = book(alert('x', 'healthy', 2_000), alert('x', 'margin-call', 1_000));
    expect(shown(b)).toEqual(['x:healthy']);
    expect(linesOf(b, 'a')[0]?.history.map((a) => a.kind)).toEqual(['healthy', 'margin-call']);
  });

  it('keeps workspaces apart, even for the same loan id', () => {
    const b = book(alert('x', 'default', 1, 'a'), alert('x', 'healthy', 2, 'b'));
    expect(shown(b, 'a')).toEqual(['x:default']);
    expect(shown(b, 'b')).toEqual(['x:healthy']);
  });

  it('lists what needs attention first, worst first, then the rest; newest first within each', () => {
    const b = bookOf('w:warning', 'h:healthy', 'm1:margin-call', 'd:default', 'm2:reminder', 'k:cure-ending');
    const acked = acknowledgeLine(b, 'a', 'm1');
    expect(shown(acked).join(' ')).toBe(
      'd:default k:cure-ending m2:reminder w:warning m1:margin-call h:healthy',
    );
  });
});

describe('the read-back and the events', () => {
  it('an alert the line already holds (same kind and time) changes nothing; any other joins', () => {
    const read = addAlerts(EMPTY_BOOK, [alert('x', 'margin-call', 1), alert('x', 'reminder', 2)]);
    expect(addAlert(read, alert('x', 'reminder', 2))).toBe(read);
    expect(addAlert(read, alert('x', 'margin-call', 1))).toBe(read);
    const history = (b: AlertBook) => linesOf(b, 'a')[0]?.history.map((a) => `${a.kind}@${a.at}`);
    expect(history(addAlert(read, alert('x', 'reminder', 3)))).toEqual([
      'reminder@3',
      'reminder@2',
      'margin-call@1',
    ]);
    expect(history(addAlert(read, alert('x', 'default', 2)))).toEqual([
      'default@2',
      'reminder@2',
      'margin-call@1',
    ]);
  });

  it('a batch folds as its alerts one by one would, bounds included', () => {
    const limits = { perLoan: 2, loans: 2 };
    const alerts = [
      alert('x', 'margin-call', 1),
      alert('y', 'warning', 2),
      alert('x', 'reminder', 3),
      alert('z', 'default', 4),
      alert('x', 'healthy', 5),
      alert('x', 'reminder', 3),
    ];
    const oneByOne = alerts.reduce<AlertBook>((b, a) => addAlert(b, a, limits), EMPTY_BOOK);
    const lines = (b: AlertBook) => [...b.values()].map((l) => [l.loanId, l.history.map((a) => a.at)]);
    expect(lines(addAlerts(EMPTY_BOOK, alerts, limits))).toEqual(lines(oneByOne));
    expect(lines(oneByOne)).toEqual([
      ['z', ['4']],
      ['x', ['5', '3']],
    ]);
  });

  it("answers margin calls the watch's board says are acknowledged at or after their state", () => {
    const T = 1_700_000_000_000;
    const b = book(
      alert('acked', 'reminder', T),
      alert('asked-again', 'cure-ending', T + 2),
      alert('warned', 'warning', T),
      alert('__proto__', 'margin-call', T),
      alert('acked', 'margin-call', T, 'other'),
    );
    const tracked = JSON.parse(
      `{"acked":{"acknowledgedAt":"${T}"},"asked-again":{"acknowledgedAt":"${T + 1}"},` +
        `"warned":{"acknowledgedAt":"${T + 5}"},"__proto__":{"acknowledgedAt":"${T + 5}"}}`,
    ) as Record<string, { acknowledgedAt?: string }>;
    const answered = (x: AlertBook, ws = 'a') =>
      linesOf(x, ws)
        .filter((l) => l.acknowledged)
        .map((l) => l.loanId);
    const after = applyWatchAcknowledgements(b, 'a', tracked);
    expect(answered(after).sort()).toEqual(['__proto__', 'acked']);
    expect(answered(after, 'other')).toEqual([]);
    expect(applyWatchAcknowledgements(b, 'a', {})).toBe(b);
    expect(applyWatchAcknowledgements(b, 'a', undefined)).toBe(b);
  });
});

describe('acknowledge', () => {
  it('answers the current state; a newer alert asks again', () => {
    const b = acknowledgeLine(book(alert('x', 'margin-call', 1)), 'a', 'x');
    expect(linesOf(b, 'a')[0]?.acknowledged).toBe(true);
    expect(summarize(linesOf(b, 'a')).count).toBe(0);
    const later = addAlert(b, alert('x', 'default', 2));
    expect(linesOf(later, 'a')[0]?.acknowledged).toBe(false);
    expect(summarize(linesOf(later, 'a')).count).toBe(1);
  });

  it('of an unknown loan changes nothing', () => {
    const b = book(alert('x', 'margin-call', 1));
    expect(acknowledgeLine(b, 'a', 'y')).toBe(b);
    expect(acknowledgeLine(b, 'b', 'x')).toBe(b);
  });
});

describe('bounds', () => {
  it('keeps the last alerts of a loan only', () => {
    let b: AlertBook = EMPTY_BOOK;
    for (let i = 0; i < 10; i += 1) b = addAlert(b, alert('x', 'reminder', i), { perLoan: 3, loans: 10 });
    expect(linesOf(b, 'a')[0]?.history.map((a) => a.at)).toEqual(['9', '8', '7']);
  });

  it('drops the oldest settled line first, else the oldest line', () => {
    const limits = { perLoan: 5, loans: 2 };
    let b: AlertBook = EMPTY_BOOK;
    for (const a of [alert('old', 'margin-call', 1), alert('calm', 'healthy', 2), alert('new', 'default', 3)])
      b = addAlert(b, a, limits);
    expect(shown(b)).toEqual(['new:default', 'old:margin-call']);
    b = addAlert(b, alert('newest', 'warning', 4), limits);
    expect(shown(b)).toEqual(['new:default', 'newest:warning']);
    expect(b.size).toBe(2);
  });

  it('holds 1,000 loans of 50 alerts at most', () => {
    let b: AlertBook = EMPTY_BOOK;
    for (let i = 0; i < 1_200; i += 1) b = addAlert(b, alert(`loan-${i}`, 'warning', i));
    for (let i = 0; i < 60; i += 1) b = addAlert(b, alert('loan-1199', 'reminder', 2_000 + i));
    expect(b.size).toBe(1_000);
    expect(linesOf(b, 'a').some((l) => l.loanId === 'loan-199')).toBe(false);
    expect(linesOf(b, 'a').find((l) => l.loanId === 'loan-1199')?.history).toHaveLength(50);
  });
});

describe('the bell and the strip', () => {
  it.each<[RiskAlertKind[], string]>([
    [['default'], 'default'],
    [['margin-call', 'reminder', 'cure-ending'], 'margin-call'],
    [['warning'], 'warning'],
    [['healthy'], 'healthy'],
  ])('%j alerts are coloured as %s', (kinds, severity) => {
    for (const kind of kinds) expect(severityOf(kind), kind).toBe(severity);
  });

  it('counts loans not healthy and not answered; the strip only defaults and margin calls', () => {
    const b = bookOf('d:default', 'm:reminder', 'w:warning', 'h:healthy', 'acked:margin-call');
    const summary = summarize(linesOf(acknowledgeLine(b, 'a', 'acked'), 'a'));
    expect(summary).toEqual({ count: 3, defaulted: 1, marginCall: 1 });
    expect(stripText(summary)).toBe('2 loans need attention: 1 defaulted, 1 in margin call');
  });

  it.each([
    [{ count: 1, defaulted: 0, marginCall: 1 }, '1 loan needs attention: 1 in margin call'],
    [{ count: 4, defaulted: 3, marginCall: 0 }, '3 loans need attention: 3 defaulted'],
    [{ count: 2, defaulted: 0, marginCall: 0 }, null],
  ])('the strip for %j says %s', (summary, text) => {
    expect(stripText(summary)).toBe(text);
  });
});
