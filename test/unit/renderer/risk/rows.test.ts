/** The risk board's rows, columns, detail and totals under nulls and numbers (issue 25). */
import { createElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../src/renderer/src/state/query-client';
import { boardRows } from '../../../../src/renderer/src/features/risk/rows';
import { riskColumns } from '../../../../src/renderer/src/features/risk/columns';
import { RiskDetail } from '../../../../src/renderer/src/features/risk/RiskDetail';
import { DEFAULT_RISK_SETTINGS, type RiskBoard } from '../../../../src/shared/risk';
import type { Loan } from '../../../../src/shared/platform/resources';
import { hostileVariants, html, renderRows } from '../hostile/hostile-rows';
import { sampleLoan } from '../hostile/samples';

const board = (loans: Loan[]): RiskBoard => ({
  workspaceId: 'w',
  loans,
  total: loans.length,
  partial: false,
  tracked: {},
  settings: DEFAULT_RISK_SETTINGS,
  lastCycleAt: null,
  lastError: null,
  cycleRequests: null,
  incomplete: false,
});

describe('risk board rows', () => {
  const loans = hostileVariants(sampleLoan).map((v) => v.row);

  it('are computed, rendered and sorted for every variant of a loan', () => {
    const rows = boardRows(board(loans), sampleLoan.lenderOrganizationId ?? '', '1750010600000');
    expect(rows).toHaveLength(loans.length);
    renderRows(riskColumns, rows);
    // The detail reads the workspace list from the query cache, as in the app.
    const client = createQueryClient();
    for (const row of rows)
      html(
        createElement(QueryClientProvider, {
          client,
          children: createElement(RiskDetail, { workspaceId: 'w', row, onClose: () => {} }),
        }),
      );
  });

  it('name the counterparty when its entry is there, its id when the list holds nulls', () => {
    const loan = {
      ...sampleLoan,
      embedded: { counterparties: [null, ...(sampleLoan.embedded?.counterparties ?? [])] },
    } as unknown as Loan;
    const [row] = boardRows(board([loan]), sampleLoan.lenderOrganizationId ?? '', '1750010600000');
    expect(row?.counterparty).not.toBe('');
  });
});
