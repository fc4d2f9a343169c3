/** The loans table under null fields and values that are not text (issue 25). */
import { describe, it } from 'vitest';
import { loanColumns } from '../../../../src/renderer/src/features/loans/columns';
import { loanRowOf } from '../../../../src/shared/loan-row';
import { hostileVariants, renderColumns, renderRows } from '../hostile/hostile-rows';
import { sampleLoan } from '../hostile/samples';

describe('loan columns', () => {
  it('render and sort every variant of a loan row', () => {
    renderColumns(loanColumns(sampleLoan.lenderOrganizationId ?? ''), loanRowOf(sampleLoan));
  });

  it('render the row made from every variant of a loan (embedded null, null counterparties)', () => {
    const rows = hostileVariants(sampleLoan).map((v) => loanRowOf(v.row));
    renderRows(loanColumns(sampleLoan.lenderOrganizationId ?? ''), rows);
  });
});
