/**
 * The loans tab's server state (src/renderer/src/features/loans/queries.ts): a loan an action
 * returned is put into the list under every filter set and into its detail, without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { AllRows } from '@shared/contract';
import type { Loan } from '@shared/platform/resources';
import type { LoanRow } from '@shared/loan-row';
import {
  loanQuery,
  loansListAllQuery,
  refreshLoan,
  replaceLoan,
} from '../../../../src/renderer/src/features/loans/queries';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture();

const rows = (...items: Partial<LoanRow>[]) => ({ items, pages: 1 }) as unknown as AllRows<LoanRow>;
const loan = (patch: Partial<Loan>) => ({ loanId: 'l1', status: 'active', ...patch }) as unknown as Loan;
const statusOf = (all: AllRows<LoanRow> | undefined, id: string) =>
  all?.items.find((l) => l.loanId === id)?.status;

describe('replaceLoan', () => {
  it('patches the row under every filter set of its workspace and the detail; others stay', () => {
    const open = loansListAllQuery('a', { openOnly: true } as never).queryKey;
    const all = loansListAllQuery('a', {} as never).queryKey;
    const other = loansListAllQuery('b', {} as never).queryKey;
    q.client.setQueryData(
      open,
      rows({ loanId: 'l1', status: 'awaiting-approval' }, { loanId: 'l2', status: 'awaiting-approval' }),
    );
    q.client.setQueryData(all, rows({ loanId: 'l1', status: 'awaiting-approval' }));
    q.client.setQueryData(other, rows({ loanId: 'l1', status: 'awaiting-approval' }));
    q.client.setQueryData(
      loanQuery('a', 'l1').queryKey,
      loan({ status: 'awaiting-approval', amount: '5' } as never),
    );

    replaceLoan('a', loan({ status: 'active' } as never), q.client);

    expect(statusOf(q.client.getQueryData(open), 'l1')).toBe('active');
    expect(statusOf(q.client.getQueryData(open), 'l2')).toBe('awaiting-approval');
    expect(statusOf(q.client.getQueryData(all), 'l1')).toBe('active');
    expect(statusOf(q.client.getQueryData(other), 'l1')).toBe('awaiting-approval');
    // Fields the answer omitted keep their last value.
    expect(q.client.getQueryData(loanQuery('a', 'l1').queryKey)).toMatchObject({
      status: 'active',
      amount: '5',
    });
  });

  it('refreshLoan reads the loan again and puts it in place', async () => {
    q.client.setQueryData(loanQuery('a', 'l1').queryKey, loan({ status: 'awaiting-approval' } as never));
    q.copper.answerWith('loans.get', loan({ status: 'closed' } as never));
    await refreshLoan('a', 'l1', q.client);
    expect(q.copper.of('loans.get').map((c) => c.input)).toEqual([{ workspaceId: 'a', loanId: 'l1' }]);
    expect(q.client.getQueryData(loanQuery('a', 'l1').queryKey)).toMatchObject({ status: 'closed' });
  });
});
