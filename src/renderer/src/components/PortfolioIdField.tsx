import { useId, useState, type ReactNode } from 'react';
import type { Portfolio } from '@shared/platform/resources';
import { usePortfolios } from '../state/portfolios';

interface PortfolioIdFieldProps {
  workspaceId: string;
  /** "Collateral portfolio (optional)". */
  label: string;
  /** The id; '' for none. */
  value: string;
  onChange(value: string): void;
  /** The select's test id; the pasted id's input is `${testId}-id`. */
  testId: string;
  /** Shown under the control (the field's error). */
  children?: ReactNode;
}

const OTHER = '\u0000other';

const optionText = (p: Portfolio) =>
  `${String(p.portfolioName)} · ${String(p.portfolioType)} · ${String(p.portfolioId).slice(0, 8)}`;

/**
 * A portfolio id in an action form, picked from the workspace's portfolios (names can repeat, so
 * the type and the start of the id are shown). An id the list does not hold can be pasted ("Another
 * id"), and the field is a plain id box while the list cannot be read.
 */
export function PortfolioIdField({
  workspaceId,
  label,
  value,
  onChange,
  testId,
  children,
}: PortfolioIdFieldProps) {
  const id = useId();
  const portfolios = usePortfolios(workspaceId);
  const list = portfolios.data ?? null;
  const known = list?.some((p) => p.portfolioId === value) ?? false;
  const [pasting, setPasting] = useState(value !== '' && !known);
  if (list === null)
    return (
      <label className="field">
        {label}
        <input
          className="mono"
          data-testid={testId}
          value={value}
          placeholder="paste the portfolio id"
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="small muted" data-testid={`${testId}-unlisted`}>
          {portfolios.isError
            ? 'The portfolio list could not be read: paste the id.'
            : 'Reading the portfolio list… an id can be pasted meanwhile.'}
        </span>
        {children}
      </label>
    );
  const other = pasting || (value !== '' && !known);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid={testId}
        value={other ? OTHER : value}
        onChange={(e) => {
          const v = e.target.value;
          setPasting(v === OTHER);
          onChange(v === OTHER ? '' : v);
        }}
      >
        <option value="">(none: the platform decides)</option>
        {list.map((p) => (
          <option key={p.portfolioId} value={p.portfolioId} data-portfolio>
            {optionText(p)}
          </option>
        ))}
        <option value={OTHER}>Another id (paste it)…</option>
      </select>
      {other ? (
        <input
          className="mono"
          aria-label={`${label}: the id`}
          data-testid={`${testId}-id`}
          value={value}
          placeholder="paste the portfolio id"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : value !== '' ? (
        <span className="small muted mono" data-testid={`${testId}-chosen`}>
          {value}
        </span>
      ) : null}
      {children}
    </div>
  );
}
