/**
 * The page sizes the console learned for this workspace's platform (issue 30): per list, the
 * rows a page holds, how it was learned (a full page, a silent cap, a refusal) and when. A reset
 * makes the next walk ask for the largest page the contract allows again.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_LIMITS, type LearnedPageSize, type NegotiatedOperation } from '@shared/platform/page-limits';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ActionButton, ButtonRow } from '../../../components/view-kit';
import { formatTimestamp } from '../../../lib/time';
import { toAppError } from '../../../state/query-client';
import { pageSizesQuery, resetPageSizes } from './queries';

const LIST_NAMES: Record<NegotiatedOperation, string> = {
  activities: 'Activities',
  cryptoAddresses: 'Address book',
  loans: 'Loans',
};

function how(entry: LearnedPageSize): string {
  const asked = entry.asked.toLocaleString('en-US');
  switch (entry.verdict) {
    case 'served':
      return `serves ${entry.size.toLocaleString('en-US')} rows a page`;
    case 'capped':
      return `sent at most ${entry.size.toLocaleString('en-US')} rows when asked for ${asked}`;
    case 'refused':
      return `refused ${asked} rows a page (HTTP 400); asks for ${entry.size.toLocaleString('en-US')}`;
  }
}

export function PageSizesPanel({ workspaceId }: { workspaceId: string }) {
  const sizes = useQuery(pageSizesQuery(workspaceId));
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = async (operation?: NegotiatedOperation) => {
    setBusy(true);
    setError(null);
    const res = await resetPageSizes(workspaceId, operation);
    setBusy(false);
    if (!res.ok) setError(res.error);
  };
  const entries = sizes.data ?? [];
  return (
    <section className="page-sizes" data-testid="page-sizes" aria-labelledby={`page-sizes-${workspaceId}`}>
      <h4 id={`page-sizes-${workspaceId}`}>Page sizes learned from the platform</h4>
      <p className="form-help">
        Lists are read in pages. The console first asks for the largest page it may (for example{' '}
        {PAGE_LIMITS.activities.max.toLocaleString('en-US')} activities) and remembers what the platform
        serves.
      </p>
      {sizes.error ? <ErrorBanner error={toAppError(sizes.error)} testId="page-sizes-error" /> : null}
      {sizes.isPending ? <p className="muted small">Reading…</p> : null}
      {!sizes.isPending && entries.length === 0 ? (
        <p className="muted small" data-testid="page-sizes-empty">
          Nothing learned yet: the next walk asks for the largest page.
        </p>
      ) : null}
      {entries.length > 0 ? (
        <table className="sub-table" data-testid="page-sizes-table">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col" className="num">
                Rows per page
              </th>
              <th scope="col">Learned</th>
              <th scope="col">When</th>
              <th scope="col">
                <span className="sr-only">Reset</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.operation} data-testid={`page-size-${e.operation}`}>
                <th scope="row">{LIST_NAMES[e.operation]}</th>
                <td className="num">{e.size.toLocaleString('en-US')}</td>
                <td>{how(e)}</td>
                <td>{formatTimestamp(e.learnedAt)}</td>
                <td>
                  <ActionButton
                    action={{
                      label: 'Reset',
                      quiet: true,
                      disabled: busy,
                      ariaLabel: `Reset the page size of ${LIST_NAMES[e.operation]}`,
                      onClick: () => void reset(e.operation),
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {entries.length > 1 ? (
        <ButtonRow
          secondary={[
            {
              label: 'Reset all',
              testId: 'page-sizes-reset-all',
              disabled: busy,
              onClick: () => void reset(),
            },
          ]}
        />
      ) : null}
      {error ? <ErrorBanner error={error} testId="page-sizes-reset-error" /> : null}
    </section>
  );
}
