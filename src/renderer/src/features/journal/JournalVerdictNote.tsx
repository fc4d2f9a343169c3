import type { JournalVerdict } from '@shared/contract';
import type { AppError } from '@shared/result';

const TONE: Record<JournalVerdict['status'], string> = {
  ok: 'success',
  partial: 'notice',
  broken: 'journal-broken',
};

const LEAD: Record<JournalVerdict['status'], string> = {
  ok: 'Chain verified',
  partial: 'Chain partly verified',
  broken: 'Chain BROKEN',
};

/** The chain's verdict (the same sentence as `npm run journal -- verify`), coloured by its status. */
export function JournalVerdictNote({
  verdict,
  error,
}: {
  verdict: JournalVerdict | null;
  error: AppError | null;
}) {
  if (error) {
    return (
      <div className="journal-broken" data-testid="journal-verdict" data-verdict="error">
        The chain could not be checked: {error.message}
      </div>
    );
  }
  if (!verdict) {
    return (
      <div className="note" data-testid="journal-verdict">
        Checking the chain…
      </div>
    );
  }
  const unchecked = verdict.status === 'partial' ? (verdict.unchecked ?? []) : [];
  return (
    <div
      className={TONE[verdict.status]}
      role={verdict.status === 'broken' ? 'alert' : undefined}
      data-testid="journal-verdict"
      data-ok={String(verdict.ok)}
      data-verdict={verdict.status}
    >
      {LEAD[verdict.status]}: {verdict.text}
      {verdict.status === 'broken' ? '. Keep the files as they are and report it.' : null}
      {unchecked.length > 0 ? (
        <ul className="journal-unchecked" data-testid="journal-unchecked" aria-label="Not checked">
          {unchecked.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
