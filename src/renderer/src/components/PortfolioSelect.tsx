import type { Portfolio } from '@shared/platform/resources';

interface PortfolioSelectProps {
  portfolios: readonly Portfolio[] | null;
  value: string | undefined;
  onChange(value: string | undefined): void;
  label?: string;
  testId?: string;
  allLabel?: string;
}

/** Portfolio picker shared by every tab; the id stays visible because names can repeat. */
export function PortfolioSelect({
  portfolios,
  value,
  onChange,
  label = 'Portfolio',
  testId,
  allLabel = 'All portfolios',
}: PortfolioSelectProps) {
  const known = portfolios?.some((p) => p.portfolioId === value) ?? false;
  return (
    <label className="field">
      {label}
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {(portfolios ?? []).map((p) => (
          <option key={p.portfolioId} value={p.portfolioId}>
            {p.portfolioName} · {p.portfolioType} · {String(p.portfolioId).slice(0, 8)}
          </option>
        ))}
      </select>
    </label>
  );
}
