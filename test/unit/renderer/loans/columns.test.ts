/** The loans table under null fields and values that are not text (issue 25). */
import { describe, expect, it } from 'vitest';
import { loanColumns } from '../../../../src/renderer/src/features/loans/columns';
import { loanRowOf } from '../../../../src/shared/loan-row';
import { hostileVariants, renderColumns, renderRows } from '../hostile/hostile-rows';
import { sampleLoan } from '../hostile/samples';
import { renderCell } from '../../../../src/renderer/src/components/data-table/cells';
import { sortRows } from '../../../../src/renderer/src/components/data-table/sort';
import { html } from '../hostile/hostile-rows';
import { PRICES } from '../../../support/fixtures/price-sheet';

describe('loan columns', () => {
  it('render and sort every variant of a loan row', () => {
    renderColumns(loanColumns(sampleLoan.lenderOrganizationId ?? '', PRICES), loanRowOf(sampleLoan));
  });

  it('render the row made from every variant of a loan (embedded null, null counterparties)', () => {
    const rows = hostileVariants(sampleLoan).map((v) => loanRowOf(v.row));
    renderRows(loanColumns(sampleLoan.lenderOrganizationId ?? '', PRICES), rows);
  });

  it('value a loan at your prices and sort by it across currencies, "no price" last', () => {
    const rows = [
      { ...loanRowOf(sampleLoan), loanId: 'eth', currency: 'ETH', amount: '100' }, // 320,000
      { ...loanRowOf(sampleLoan), loanId: 'sol', currency: 'SOL', amount: '1' }, // no price
      { ...loanRowOf(sampleLoan), loanId: 'btc', currency: 'BTC', amount: '2' }, // 130,000
    ];
    const column = loanColumns('', PRICES).find((c) => c.id === 'referenceValue')!;
    expect(html(renderCell(column, rows[2]!))).toContain('130,000.00');
    expect(html(renderCell(column, rows[1]!))).toContain('no price');
    const order = (desc: boolean) =>
      sortRows(rows, [column], { id: 'referenceValue', desc }).map((l) => l.loanId);
    expect(order(false)).toEqual(['btc', 'eth', 'sol']);
    expect(order(true)).toEqual(['eth', 'btc', 'sol']);
  });
});
