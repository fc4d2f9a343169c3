/**
 * Totals per currency (loan amounts and collateral, never summed across currencies) and per band;
 * the USD values the platform states itself (issue 28: `initiallyRequiredCollateralUsd`, the
 * required collaterals' `amountInUsd`); and, with reference prices, the loans and the collateral
 * "at your prices", where rows without a price are counted, never added as 0.
 */
import { useEffect, useState } from 'react';
import type { Loan } from '@shared/platform/resources';
import { sumAmounts, type AmountSum } from '../../lib/decimal';
import { ReferenceTotalLine, shownValue, type ReferencePricing } from '../../components/ReferenceValue';
import { usePriceSheet } from '../../state/prices/use-price-sheet';
import {
  RISK_BANDS,
  riskTotals,
  type CurrencyTotal,
  type RiskBoard,
  type RiskTotals as RiskTotalsValue,
} from '@shared/risk';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';

export function Line({ label, totals, testId }: { label: string; totals: CurrencyTotal[]; testId: string }) {
  return (
    <div className="small" data-testid={testId}>
      <span className="muted">{label}: </span>
      {totals.length === 0 ? <span className="muted">none</span> : null}
      {totals.map((t, i) => (
        <span key={t.currency} data-currency={t.currency}>
          {i > 0 ? ' · ' : null}
          {t.amount === null ? (
            <span
              className="muted"
              data-too-large="true"
              title={`${t.count} amounts need more than 100 significant digits`}
            >
              too large to total <span className="ccy">{t.currency}</span>
            </span>
          ) : (
            <Amount value={t.amount} currency={t.currency} />
          )}
          {t.unknown > 0 ? (
            <span
              className="muted"
              title="Missing, a JSON number, or text that is not a plain decimal: left out"
            >
              {' '}
              (+{t.unknown} unknown, left out)
            </span>
          ) : null}
        </span>
      ))}
    </div>
  );
}

const collateralsOf = (loan: Loan): { amount: unknown; currency: unknown }[] => {
  const list: unknown = loan.embedded?.collaterals;
  return Array.isArray(list)
    ? list.filter((c): c is { amount: unknown; currency: unknown } => typeof c === 'object' && c !== null)
    : [];
};

/** The USD values the platform states, summed exactly; what is not a plain decimal is counted and left out. */
function statedUsd(loans: readonly Loan[]) {
  const initially: unknown[] = [];
  const required: unknown[] = [];
  for (const loan of loans) {
    const extra: unknown = loan.extra;
    if (typeof extra !== 'object' || extra === null) continue;
    const e = extra as NonNullable<Loan['extra']>;
    if (e.initiallyRequiredCollateralUsd !== undefined) initially.push(e.initiallyRequiredCollateralUsd);
    if (Array.isArray(e.requiredCollaterals))
      for (const c of e.requiredCollaterals as unknown[])
        required.push(
          typeof c === 'object' && c !== null ? (c as { amountInUsd?: unknown }).amountInUsd : undefined,
        );
  }
  return {
    initially: { sum: sumAmounts(initially), stated: initially.length },
    required: { sum: sumAmounts(required), stated: required.length },
  };
}

type Reference = ReturnType<ReferencePricing['total']>;

/** Everything the totals show, computed once per board and sheet. */
export interface AllTotals {
  native: RiskTotalsValue;
  stated: ReturnType<typeof statedUsd>;
  /** Null without reference prices. */
  reference: { loans: Reference; collateral: Reference } | null;
}

export function computeTotals(
  board: Pick<RiskBoard, 'loans' | 'settings'>,
  prices: ReferencePricing,
): AllTotals {
  return {
    native: riskTotals(board.loans, board.settings.warningPoints),
    stated: statedUsd(board.loans),
    reference: prices.hasPrices
      ? {
          loans: prices.total(board.loans.map((l) => ({ amount: l.amount, currency: l.currency }))),
          collateral: prices.total(board.loans.flatMap(collateralsOf)),
        }
      : null,
  };
}

function StatedSum({
  label,
  stated,
  testId,
}: {
  label: string;
  stated: { sum: AmountSum; stated: number };
  testId: string;
}) {
  const { sum } = stated;
  if (stated.stated === 0) return null;
  const left = sum.missing + sum.skipped;
  return (
    <span data-testid={testId}>
      <span className="muted">{label}: </span>
      {sum.tooLarge ? (
        <span className="muted">too large to total</span>
      ) : (
        <span className="amount" title={`${sum.known} USD`}>
          {shownValue(sum.known)} <span className="ccy">USD</span>
        </span>
      )}
      {left > 0 ? <span className="muted"> (+{left} unreadable, left out)</span> : null}{' '}
    </span>
  );
}

export function RiskTotals({ board }: { board: RiskBoard }) {
  const prices = usePriceSheet(board.workspaceId);
  // Computed after the rows are on screen: the operator looks at the table first.
  const [all, setTotals] = useState<AllTotals | null>(null);
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      t = setTimeout(() => setTotals(computeTotals(board, prices)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(t);
    };
  }, [board, prices]);
  if (all === null) return <div className="risk-totals muted small">Adding up…</div>;
  return <RiskTotalsView all={all} quote={prices.quote} />;
}

export function RiskTotalsView({ all, quote }: { all: AllTotals; quote: string }) {
  const totals = all.native;
  const { initially, required } = all.stated;
  return (
    <div className="risk-totals" data-testid="risk-totals">
      <div className="small" data-testid="risk-band-counts">
        {RISK_BANDS.map((b) => (
          <span key={b} data-band={b} style={{ marginRight: 8 }}>
            <Badge value={b} /> {totals.byBand[b]}
          </span>
        ))}
      </div>
      <Line label="Loans" totals={totals.loanAmounts} testId="risk-total-loans" />
      <Line label="Collateral" totals={totals.collateral} testId="risk-total-collateral" />
      {initially.stated + required.stated > 0 ? (
        <div className="small" data-testid="risk-total-stated-usd">
          <span className="muted">Stated by the platform · </span>
          <StatedSum
            label="initially required collateral"
            stated={initially}
            testId="risk-total-initial-usd"
          />
          <StatedSum label="required collateral" stated={required} testId="risk-total-required-usd" />
        </div>
      ) : null}
      {all.reference ? (
        <div className="small">
          <ReferenceTotalLine
            label="Loans"
            total={all.reference.loans}
            quote={quote}
            testId="risk-reference-loans"
          />
          {' · '}
          <ReferenceTotalLine
            label="Collateral"
            total={all.reference.collateral}
            quote={quote}
            testId="risk-reference-collateral"
          />
        </div>
      ) : null}
    </div>
  );
}
