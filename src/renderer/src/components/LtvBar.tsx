import Decimal from 'decimal.js';
import { Badge } from './Badge';
import { isDecimal } from '../lib/decimal';
import { formatPercent } from '../lib/format';

interface LtvBarProps {
  ltv: string | undefined;
  marginCall: string | undefined;
  defaultAt: string | undefined;
  status?: string;
  /** A what-if LTV drawn as a second marker. */
  estimate?: string;
  testId?: string;
  /** A table cell: the track and its marks only, no legend. */
  compact?: boolean;
}

/** Current LTV against the margin-call and default thresholds. Geometry only uses floats. */
export function LtvBar({
  ltv,
  marginCall,
  defaultAt,
  status,
  estimate,
  testId = 'ltv-bar',
  compact = false,
}: LtvBarProps) {
  if (!isDecimal(ltv))
    return compact ? (
      <span className="muted" title="No LTV reported">
        —
      </span>
    ) : (
      <p className="muted small">No LTV reported (uncollateralised or not yet computed).</p>
    );
  const values = [ltv, marginCall, defaultAt, estimate]
    .filter((v): v is string => isDecimal(v))
    .map((v) => new Decimal(v));
  const scale = Decimal.max(new Decimal(1), ...values).times(1.1);
  const pos = (v: string | undefined) =>
    isDecimal(v) ? Math.min(100, new Decimal(v as string).div(scale).times(100).toNumber()) : null;
  const p = pos(ltv) ?? 0;
  const mc = pos(marginCall);
  const df = pos(defaultAt);
  const est = pos(estimate);
  const tone = df !== null && p >= df ? 'danger' : mc !== null && p >= mc ? 'warn' : 'ok';
  const track = (
    <div
      className="ltv-track"
      role="meter"
      aria-valuenow={p}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label="Loan to value"
    >
      <div className={`ltv-fill tone-bg-${tone}`} style={{ width: `${p}%` }} />
      {mc !== null ? (
        <div
          className="ltv-mark warn"
          style={{ left: `${mc}%` }}
          title={`Margin call ${formatPercent(marginCall)}`}
        />
      ) : null}
      {df !== null ? (
        <div
          className="ltv-mark danger"
          style={{ left: `${df}%` }}
          title={`Default ${formatPercent(defaultAt)}`}
        />
      ) : null}
      {est !== null ? (
        <div
          className="ltv-mark estimate"
          style={{ left: `${est}%` }}
          title={`Estimate ${formatPercent(estimate)}`}
        />
      ) : null}
    </div>
  );
  if (compact)
    return (
      <span className="ltv ltv-compact" title={`LTV ${ltv}`} data-testid="ltv-cell">
        <span className="amount">{formatPercent(ltv)}</span>
        <span className="ltv-compact-track">{track}</span>
      </span>
    );
  return (
    <div className="ltv" data-testid={testId}>
      <div className="ltv-legend">
        <span>
          LTV <strong className="amount">{formatPercent(ltv)}</strong>{' '}
          {status ? <Badge value={status} /> : null}
        </span>
        <span className="muted small">
          margin call {formatPercent(marginCall)} · default {formatPercent(defaultAt)}
        </span>
      </div>
      {track}
    </div>
  );
}
