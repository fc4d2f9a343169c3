interface ProgressBarProps {
  done: number;
  total: number | null;
  label: string;
  testId?: string;
  onCancel?: () => void;
}

/** Determinate when the platform gave a total, indeterminate otherwise. */
export function ProgressBar({ done, total, label, testId = 'progress', onCancel }: ProgressBarProps) {
  const pct = total !== null && total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="progress" data-testid={testId}>
      <div
        className={pct === null ? 'progress-track indeterminate' : 'progress-track'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={pct === null ? undefined : done}
      >
        <div className="progress-fill" style={pct === null ? undefined : { width: `${pct}%` }} />
      </div>
      <span className="progress-label">
        {label}: {done.toLocaleString()}
        {total !== null ? ` / ${total.toLocaleString()}` : ''}
      </span>
      {onCancel ? (
        <button type="button" className="btn small" onClick={onCancel} data-testid={`${testId}-cancel`}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
