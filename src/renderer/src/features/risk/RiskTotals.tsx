/** Totals per currency (loan amounts and collateral, never summed across currencies) and per band. */
import { useEffect, useState } from 'react';
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

export function RiskTotals({ board }: { board: RiskBoard }) {
  // Computed after the rows are on screen: the operator looks at the table first.
  const [totals, setTotals] = useState<RiskTotalsValue | null>(null);
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      t = setTimeout(() => setTotals(riskTotals(board.loans, board.settings.warningPoints)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(t);
    };
  }, [board]);
  if (totals === null) return <div className="risk-totals muted small">Adding up…</div>;
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
    </div>
  );
}
