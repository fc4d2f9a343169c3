/**
 * Collateral rows of the two LTV forms (the dry run and the estimate): amount, currency and the
 * network when it differs, each row removable. The amounts stay the strings typed; the forms' own
 * schemas judge them.
 */
import { CurrencyInput } from '../../components/CurrencyInput';
import type { CollateralDraft } from './ltv-calculator';

export const EMPTY_COLLATERAL: CollateralDraft = { amount: '', currency: '', mainCurrency: '' };

interface CollateralRowsProps {
  rows: readonly CollateralDraft[];
  onChange(rows: CollateralDraft[]): void;
  /** Currencies offered by the pickers (free codes stay allowed). */
  currencies: readonly string[];
  /** Whether a field (`collaterals.<i>.amount`…) is invalid; none are marked when absent. */
  invalid?: (path: string) => boolean;
  /** `data-testid` of each row: `<rowTestId>-<i>`. */
  rowTestId?: string;
  /** Narrow inputs (the estimate sits beside the loan's detail). */
  compact?: boolean;
}

export function CollateralRows({
  rows,
  onChange,
  currencies,
  invalid,
  rowTestId,
  compact,
}: CollateralRowsProps) {
  const setRow = (i: number, patch: Partial<CollateralDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const pickerWidth = compact ? 80 : undefined;
  return (
    <>
      {rows.map((r, i) => (
        <div
          className="actions-row"
          key={i}
          data-testid={rowTestId === undefined ? undefined : `${rowTestId}-${i}`}
        >
          <input
            className="input mono"
            style={{ width: compact ? 130 : 150 }}
            inputMode="decimal"
            aria-label={`Collateral ${i + 1} amount`}
            placeholder="amount"
            value={r.amount}
            aria-invalid={invalid?.(`collaterals.${i}.amount`)}
            onChange={(e) => setRow(i, { amount: e.target.value })}
          />
          <CurrencyInput
            label={`Collateral ${i + 1} currency`}
            {...(compact ? { placeholder: 'ccy' } : {})}
            {...(pickerWidth === undefined ? {} : { width: pickerWidth })}
            currencies={currencies}
            value={r.currency}
            {...(invalid ? { invalid: invalid(`collaterals.${i}.currency`) } : {})}
            onChange={(currency) => setRow(i, { currency })}
          />
          <CurrencyInput
            label={`Collateral ${i + 1} network (optional)`}
            placeholder="network"
            {...(pickerWidth === undefined ? {} : { width: pickerWidth })}
            currencies={currencies}
            value={r.mainCurrency}
            onChange={(mainCurrency) => setRow(i, { mainCurrency })}
          />
          <button
            type="button"
            className="btn small ghost"
            aria-label={`Remove collateral ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
    </>
  );
}
