import type { ReactNode } from 'react';
import type { TopUp } from '@shared/risk';
import { rawText } from '../lib/decimal';
import { formatPercent } from '../lib/format';
import { Amount } from './Amount';
import { Badge } from './Badge';
import { LtvBar } from './LtvBar';

interface LtvAnswerProps {
  /** The LTV as a decimal ratio string ("0.5128"); null: the answer had none readable. */
  ltv: string | null;
  /** The LTV exactly as the platform sent it, shown when it is not a decimal string. */
  ltvAsSent?: unknown;
  status: string | null;
  /** The loan's thresholds, drawn on the bar when known. */
  marginCall?: string;
  defaultAt?: string;
  /** The loan's LTV now, beside the answer (the estimate). */
  current?: { ltv: string | undefined; status: string | undefined };
  /** The collateral to add to reach the target; undefined: not part of this answer. */
  topUp?: TopUp | null;
  /** What to say when no target was asked (topUp null). */
  noTarget?: string;
  testId: string;
  children?: ReactNode;
}

/** "add 1 BTC to reach an LTV of 50.00 %", or why there is no amount to add. */
export function TopUpLine({
  topUp,
  noTarget,
  testId,
}: {
  topUp: TopUp | null;
  noTarget: string;
  testId: string;
}) {
  if (topUp === null)
    return (
      <p className="small muted" data-testid={testId}>
        {noTarget}
      </p>
    );
  if (!topUp.ok)
    return (
      <p className="small" data-testid={testId}>
        Collateral to add: none computed ({topUp.why}).
      </p>
    );
  return (
    <p data-testid={testId}>
      Collateral to add: <Amount value={topUp.amount} currency={topUp.currency} /> to reach an LTV of{' '}
      <strong className="amount">{formatPercent(topUp.targetLtv)}</strong>.
    </p>
  );
}

/**
 * An LTV answer as a lending desk reads it: the LTV in percent with its status, the bar against the
 * loan's margin-call and default lines, and the collateral to add to reach the target.
 */
export function LtvAnswer({
  ltv,
  ltvAsSent,
  status,
  marginCall,
  defaultAt,
  current,
  topUp,
  noTarget = 'No target LTV was given, so no collateral amount was asked for.',
  testId,
  children,
}: LtvAnswerProps) {
  return (
    <div className="card" data-testid={testId}>
      <p>
        {current ? (
          <>
            <span data-testid={`${testId}-current`}>
              Current <strong className="amount">{formatPercent(current.ltv)}</strong>{' '}
              {current.status ? <Badge value={current.status} /> : null}
            </span>{' '}
            <span aria-hidden>→</span>{' '}
          </>
        ) : null}
        <span data-testid={`${testId}-ltv`}>
          {current ? 'Estimated' : 'LTV'}{' '}
          <strong className="amount">
            {ltv !== null ? formatPercent(ltv) : `${rawText(ltvAsSent) || '—'} (not a decimal)`}
          </strong>
        </span>{' '}
        {status ? <Badge value={status} /> : null}
      </p>
      {ltv !== null ? (
        <LtvBar
          testId={`${testId}-bar`}
          ltv={current?.ltv ?? ltv}
          estimate={current ? ltv : undefined}
          marginCall={marginCall}
          defaultAt={defaultAt}
        />
      ) : null}
      {topUp !== undefined ? (
        <TopUpLine topUp={topUp} noTarget={noTarget} testId={`${testId}-topup`} />
      ) : null}
      {children}
    </div>
  );
}
