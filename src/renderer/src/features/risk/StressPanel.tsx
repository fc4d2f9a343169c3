/**
 * The risk board's stress control (issue 28, item 2): a shock and its size, the loans that would
 * cross the warning band, the margin call and the default line, and the top-up per currency that
 * would bring them back to their targets. Computed in the renderer from the board it already holds
 * (src/shared/risk-stress.ts): a stress never sends a request.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type Decimal from 'decimal.js';
import { Exact } from '@shared/decimal';
import { DEFAULT_QUOTE, isoUtcMs, isStale, type PriceSheet } from '@shared/price-sheet';
import type { RiskBoard } from '@shared/risk';
import {
  prepareStress,
  readShock,
  stressBook,
  stressedLoan,
  STRESS_LINES,
  type PriceOf,
  type ShockKind,
  type ShockRead,
  type StressBook,
  type StressedLoan,
  type StressLine,
  type StressResult,
  wouldCross,
} from '@shared/risk-stress';
import type { ColumnSpec } from '../../components/data-table';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { CheckboxField, SelectField, TextField } from '../../components/view-kit';
import { formatPercent } from '../../lib/format';
import type { BoardRow } from './rows';
import './stress.css';

export const LINE_NAMES: Record<StressLine, string> = {
  warning: 'warning band',
  'margin-call': 'margin call',
  default: 'default',
};

export interface StressInput {
  kind: ShockKind;
  percent: string;
  currency: string;
}

/** Reference prices for "asset A falls by X %": the price of each currency and how old they are. */
export interface StressPrices {
  priceOf: PriceOf;
  /** Currencies the sheet prices, for the asset picker. */
  currencies: readonly string[];
  /** The oldest as-of time of the sheet's prices (ISO UTC). */
  asOf: string | null;
  /** Prices older than the sheet allows (still used, flagged). */
  stale: number;
}

/** The sheet's prices in its one quote (USD) for the stress; null without any. */
export function stressPrices(sheet: PriceSheet | null, nowMs: number): StressPrices | null {
  const rows = (sheet?.rows ?? []).filter((r) => r.quote.toUpperCase() === DEFAULT_QUOTE);
  if (sheet === null || rows.length === 0) return null;
  const prices = new Map<string, Decimal>(rows.map((r) => [r.currency.toUpperCase(), new Exact(r.price)]));
  const oldest = rows.reduce((a, b) => ((isoUtcMs(b.asOf) ?? 0) < (isoUtcMs(a.asOf) ?? 0) ? b : a));
  return {
    priceOf: (currency) => prices.get(currency.toUpperCase()) ?? null,
    currencies: rows.map((r) => r.currency).sort(),
    asOf: oldest.asOf,
    stale: rows.filter((r) => isStale(r.asOf, sheet.staleAfterMinutes, nowMs)).length,
  };
}

export interface Stress {
  input: StressInput;
  setInput(next: StressInput): void;
  /** The shock as typed, checked; null while the percentage is empty (no stress). */
  read: ShockRead | null;
  result: StressResult | null;
  /** The board is still partial: the stress waits for every loan. */
  waiting: boolean;
  prices: StressPrices | null;
  /** Reads the book ahead of the first shock (on focus): the first percentage then answers as fast as the next. */
  warm(): void;
}

const NO_STRESS: StressInput = { kind: 'collateral-falls', percent: '', currency: '' };

/** Books already read, per board: a shock typed again on the same board reuses it. */
const books = new WeakMap<RiskBoard, StressBook>();

/** The board's book, read now if it was not yet (the panel reads it after a frame, or on focus). */
export function bookOf(board: RiskBoard): StressBook {
  let book = books.get(board);
  if (book === undefined) {
    book = prepareStress(board.loans, board.settings.warningPoints);
    books.set(board, book);
  }
  return book;
}

/** The stress's state and result for the board: recomputed as the input changes, on the renderer only. */
export function useStress(
  board: RiskBoard | null,
  prices: StressPrices | null = null,
  initial: StressInput = NO_STRESS,
): Stress {
  const [input, setInput] = useState<StressInput>(initial);
  // Stressed in the render of the keystroke itself (~10 ms on 8,000 loans once the book is read):
  // deferring it rendered the whole board twice per keystroke.
  const estimate = input.kind === 'currency-falls';
  const noPrices = prices === null;
  const read = useMemo((): ShockRead | null => {
    if (input.percent.trim() === '') return null;
    if (estimate && noPrices)
      return {
        ok: false,
        message: 'This workspace has no reference prices: add them in the Workspaces tab.',
      };
    return readShock(input.kind, input.percent, input.currency);
  }, [input, estimate, noPrices]);
  const waiting = board?.partial === true;
  const usable = board === null || waiting ? null : board;
  // Reading a board's book takes ~200 ms on 8,000 loans: done after the frame, not in a render.
  // Until a new reading of the board (every watch cycle) is read, the last book's result stays.
  const [readBoard, setReadBoard] = useState<RiskBoard | null>(null);
  const bookBoard =
    usable === null || books.has(usable)
      ? usable
      : readBoard?.workspaceId === usable.workspaceId
        ? readBoard
        : null;
  const shock = read?.ok ? read.shock : null;
  useEffect(() => {
    if (usable === null || shock === null || books.has(usable)) return;
    const timer = setTimeout(() => {
      stressBook(bookOf(usable), shock, prices?.priceOf); // reads the book and ranks it for this shock
      setReadBoard(usable);
    }, 0);
    return () => clearTimeout(timer);
  }, [usable, shock, prices]);
  // Prices matter to the estimate only: their minute clock does not recompute the other shocks.
  const priceOf = estimate ? prices?.priceOf : undefined;
  const result = useMemo(
    () => (bookBoard === null || shock === null ? null : stressBook(bookOf(bookBoard), shock, priceOf)),
    [bookBoard, shock, priceOf],
  );
  const kind = input.kind;
  const warm = useCallback(() => {
    if (board === null || board.partial || books.has(board) || kind === 'currency-falls') return;
    setTimeout(() => stressBook(bookOf(board), { kind, percent: '1' }), 0);
  }, [board, kind]);
  return { input, setInput, read, result, waiting, prices, warm };
}

const KIND_OPTIONS = (prices: StressPrices | null, kind: ShockKind) => [
  { value: 'collateral-falls', label: 'Collateral value falls by' },
  { value: 'asset-rises', label: 'The loan’s asset rises by' },
  ...(prices || kind === 'currency-falls'
    ? [{ value: 'currency-falls', label: 'An asset falls by (estimate at your prices)' }]
    : []),
];

function TopUps({ result }: { result: StressResult }) {
  const missing = result.topUpMissing;
  return (
    <div className="small" data-testid="stress-topups">
      <span className="muted">Top-up to return to target: </span>
      {result.topUps.length === 0 ? <span className="muted">none</span> : null}
      {result.topUps.map((t, i) => (
        <span key={t.currency} data-currency={t.currency} data-amount={t.amount} data-loans={t.loans}>
          {i > 0 ? ' · ' : null}
          <Amount value={t.amount} currency={t.currency} />{' '}
          <span className="muted">
            ({t.loans} loan{t.loans === 1 ? '' : 's'})
          </span>
        </span>
      ))}
      {missing['several-currencies'] > 0 ? (
        <span className="muted" data-testid="stress-topup-several">
          {' '}
          · {missing['several-currencies']} with collateral in several currencies: no single amount
        </span>
      ) : null}
      {missing['no-target'] > 0 ? (
        <span className="muted" data-testid="stress-topup-no-target">
          {' '}
          · {missing['no-target']} without a target LTV below the stressed LTV
        </span>
      ) : null}
      {missing.collateral > 0 ? (
        <span className="muted"> · {missing.collateral} whose collateral is unknown</span>
      ) : null}
    </div>
  );
}

function Summary({ result, prices }: { result: StressResult; prices: StressPrices | null }) {
  const { shock } = result;
  return (
    <div
      className="stress-summary"
      data-testid="stress-summary"
      data-shock={`${shock.kind}:${shock.percent}${shock.currency ? `:${shock.currency}` : ''}`}
      aria-live="polite"
    >
      {shock.kind === 'currency-falls' ? (
        <div className="small stress-estimate" data-testid="stress-estimate">
          Estimate at your prices{prices?.asOf ? ` (as of ${prices.asOf})` : ''}
          {prices?.stale ? `, ${prices.stale} of them stale` : ''}: {shock.currency} falls by {shock.percent}{' '}
          %, each loan’s collateral by {shock.currency}’s share of its value ({DEFAULT_QUOTE} prices); a
          collateral without a price makes its loan unknown.
        </div>
      ) : null}
      <div className="small stress-counts">
        <span className="muted">Would cross: </span>
        {STRESS_LINES.map((line) => (
          <span key={line} data-testid={`stress-cross-${line}`} data-count={result.crosses[line]}>
            <Badge value={line === 'warning' ? 'warning' : line} label={LINE_NAMES[line]} />{' '}
            <strong>{result.crosses[line].toLocaleString()}</strong>
          </span>
        ))}
        <span
          data-testid="stress-unknown"
          data-count={result.unknown}
          title="LTV or thresholds unknown (or, for an estimate, a collateral without a price): never counted as safe"
        >
          <Badge value="unknown" /> <strong>{result.unknown.toLocaleString()}</strong>
        </span>
        <span className="muted" data-testid="stress-crossing" data-count={result.crossing}>
          ({result.crossing.toLocaleString()} loan{result.crossing === 1 ? '' : 's'} would cross a line; past
          the margin call under the shock: {result.past['margin-call'].toLocaleString()})
        </span>
      </div>
      <TopUps result={result} />
    </div>
  );
}

export function StressPanel({
  stress,
  onlyCrossing,
  onOnlyCrossing,
}: {
  stress: Stress;
  onlyCrossing: boolean;
  onOnlyCrossing(value: boolean): void;
}) {
  const { input, setInput, read, result, waiting, prices, warm } = stress;
  const problem = read !== null && !read.ok ? read.message : null;
  return (
    <section className="stress-panel" data-testid="stress-panel" aria-label="Stress the book" onFocus={warm}>
      <div className="stress-controls">
        <strong className="small">Stress</strong>
        <SelectField
          label="Shock"
          testId="stress-kind"
          value={input.kind}
          options={KIND_OPTIONS(prices, input.kind)}
          onChange={(kind) => setInput({ ...input, kind: kind as ShockKind })}
        />
        {input.kind === 'currency-falls' && prices ? (
          <SelectField
            label="Asset"
            testId="stress-currency"
            value={input.currency}
            anyLabel="Choose…"
            options={prices.currencies}
            onChange={(currency) => setInput({ ...input, currency })}
          />
        ) : null}
        <TextField
          label="By (%)"
          testId="stress-percent"
          inputMode="decimal"
          placeholder="e.g. 10"
          width={80}
          value={input.percent}
          onChange={(percent) => setInput({ ...input, percent })}
          problem={problem}
          problemTestId="stress-error"
        />
        <CheckboxField
          label="Show only loans that would cross"
          testId="stress-only-crossing"
          checked={onlyCrossing}
          disabled={result === null}
          onChange={onOnlyCrossing}
        />
        {input.percent !== '' ? (
          <button
            type="button"
            className="btn small"
            data-testid="stress-clear"
            onClick={() => setInput({ ...input, percent: '' })}
          >
            Clear
          </button>
        ) : null}
        <span className="muted small">
          Computed here from the board’s LTVs and thresholds; nothing is sent.
        </span>
      </div>
      {read?.ok && result === null ? (
        <div className="muted small" data-testid="stress-waiting">
          {waiting ? 'Waiting for every loan before stressing…' : 'Reading the book…'}
        </div>
      ) : null}
      {result ? <Summary result={result} prices={prices} /> : null}
    </section>
  );
}

/** Whether the row's loan would cross a line under the stress. */
export const rowWouldCross = (result: StressResult, row: BoardRow): boolean =>
  wouldCross(result, String(row.loan.loanId));

function stressCell(s: StressedLoan | undefined) {
  if (s === undefined) return null;
  if (!s.known)
    return (
      <span className="muted" title={s.why} data-testid="stress-cell" data-crosses="unknown">
        unknown
      </span>
    );
  const top = s.crosses.at(-1);
  return (
    <span
      data-testid="stress-cell"
      data-crosses={s.crosses.join(' ')}
      title={
        s.untouched
          ? 'Not touched by this shock'
          : `LTV ${formatPercent(s.ltv)} → ${formatPercent(s.stressedLtv)}`
      }
    >
      {formatPercent(s.stressedLtv, 1)}
      {top !== undefined ? (
        <>
          {' '}
          <Badge value={top} label={`→ ${LINE_NAMES[top]}`} />
        </>
      ) : null}
    </span>
  );
}

/** The stressed LTV (and the highest line it would newly cross) as a column of the board. */
export function stressColumn(result: StressResult): ColumnSpec<BoardRow> {
  const of = (r: BoardRow) => stressedLoan(result, String(r.loan.loanId));
  return {
    id: 'stress',
    header: 'Under stress',
    kind: 'number',
    value: (r) => {
      const s = of(r);
      return s?.known ? s.stressedLtv : null;
    },
    render: (r) => stressCell(of(r)),
    width: 170,
    title: 'The LTV under the stress, and the highest line it would newly cross',
  };
}
