/**
 * The loans tab's walk (`loans.listAll`) answers rows, not whole loans: every loan of the walk
 * once, each with every field of the loan itself and its counterparties' names, and none of the
 * embedded parts the detail pane reads whole with `loans.get`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllRows } from '../../../src/shared/contract';
import type { LoanRow } from '../../../src/shared/loan-row';
import type { Loan } from '../../../src/shared/platform/resources';
import { startTestApp, type TestApp } from '../../support/main-app';

describe('loans.listAll answers loan rows', () => {
  let test: TestApp;
  let ws: string;
  const call = <T>(name: string, input: unknown) => test.value<T>(name, input);

  beforeAll(async () => {
    test = await startTestApp('loan-rows');
    ws = test.builtInId;
  });

  afterAll(() => test.close());

  it('keeps each loan’s own fields and counterparty names, drops its embedded details', async () => {
    const rows = await call<AllRows<LoanRow>>('loans.listAll', { workspaceId: ws, jobId: 'rows-1' });
    expect(rows.items.length).toBeGreaterThan(1);
    expect(new Set(rows.items.map((r) => r.loanId)).size).toBe(rows.items.length);
    const withCounterparties = rows.items.find((r) => (r.embedded?.counterparties?.length ?? 0) > 0);
    expect(withCounterparties).toBeDefined();
    for (const row of rows.items) {
      expect(row).not.toHaveProperty('extra');
      expect(Object.keys(row.embedded ?? {})).toEqual(row.embedded ? ['counterparties'] : []);
      for (const c of row.embedded?.counterparties ?? [])
        expect(Object.keys(c).sort()).toEqual(['counterpartyId', 'counterpartyName', 'counterpartyType']);
    }
    // The same loan read whole: the row is its own fields, unchanged.
    const row = withCounterparties!;
    const loan = await call<Loan>('loans.get', { workspaceId: ws, loanId: row.loanId });
    const { embedded, extra: _extra, ...own } = loan;
    expect({ ...row, embedded: undefined }).toEqual({ ...own, embedded: undefined });
    expect(row.embedded?.counterparties?.map((c) => c.counterpartyName)).toEqual(
      embedded?.counterparties?.map((c) => c.counterpartyName),
    );
  });
});
