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
import { renderCell } from '../../../../src/renderer/src/components/data-table/cells';
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

describe('the board’s top-up, ages and countdowns (issue 28)', () => {
  const NOW = '1750010600000';
  const HOUR = 3_600_000;
  const marginCall = (over: Record<string, unknown> = {}): Loan =>
    ({
      loanId: 'MC',
      amount: '1000',
      currency: 'USDC',
      debtRatio: '0.88',
      debtRatioStatus: 'margin-call',
      debtRatioUpdatedAt: String(Number(NOW) - 60_000),
      extra: { rebalanceThreshold: '0.75', initialLtv: '0.65', marginCallThreshold: '0.8' },
      embedded: { collaterals: [{ amount: '2', currency: 'ETH' }] },
      ...over,
    }) as unknown as Loan;
  const rowOf = (l: Loan) => boardRows(board([l]), '', NOW)[0]!;
  const cell = (l: Loan, id: string) =>
    html(
      renderCell(
        riskColumns.find((c) => c.id === id)!,
        rowOf(l),
      ),
    );
  const detail = (l: Loan) =>
    html(
      createElement(QueryClientProvider, {
        client: createQueryClient(),
        children: createElement(RiskDetail, { workspaceId: 'w', row: rowOf(l), onClose: () => {} }),
      }),
    );

  it('shows the amount for a margin call, and the formula with its inputs in the detail', () => {
    // min(0.75, 0.65, 0.8 − 0.05) = 0.65; 2 × (0.88 / 0.65 − 1) = 0.70769231 (up).
    expect(rowOf(marginCall()).topUp).toEqual({
      ok: true,
      amount: '0.70769231',
      currency: 'ETH',
      targetLtv: '0.65',
    });
    expect(cell(marginCall(), 'topUp')).toContain('0.70769231');
    const text = detail(marginCall());
    expect(text).toContain(
      'target = min(rebalance 75.00 %, initial 65.00 %, margin call 80.00 % − 5 points) = 65.00 %',
    );
    expect(text).toContain(
      'add = collateral × (LTV / target − 1) = 2 ETH × (0.88 / 0.65 − 1) = 0.70769231 ETH',
    );
  });

  it('says "no target" and why where none can be derived, for margin call and default alike', () => {
    for (const status of ['margin-call', 'default']) {
      const l = marginCall({ debtRatioStatus: status, extra: {} });
      expect(cell(l, 'topUp')).toContain('>no target<');
      expect(cell(l, 'topUp')).toContain(
        'title="the loan states no rebalance threshold, initial LTV or margin-call threshold"',
      );
      expect(detail(l)).toContain('no target: the loan states no rebalance threshold');
    }
    // A healthy loan has no top-up cell at all.
    expect(rowOf(marginCall({ debtRatio: '0.5', debtRatioStatus: 'healthy' })).topUp).toBeNull();
  });

  it('never shows a negative age or countdown: skew is flagged and an expired cure says so', () => {
    const ahead = marginCall({ debtRatioUpdatedAt: String(Number(NOW) + 18_000) });
    expect(cell(ahead, 'ltvAge')).toContain(
      'clock skew: the platform’s time is ahead of this machine by 18 s',
    );
    expect(cell(ahead, 'ltvAge')).not.toContain('-18');
    expect(detail(ahead)).toContain('clock skew: the platform’s time is ahead of this machine by 18 s');
    const expired = marginCall({
      embedded: {
        collaterals: [{ amount: '2', currency: 'ETH' }],
        marginCall: { expiresAt: String(Number(NOW) - 3 * HOUR) },
      },
    });
    expect(cell(expired, 'cure')).toContain('expired 3 h ago');
    // The pane ticks on the real clock: long expired by now, and never a negative figure.
    expect(detail(expired)).toMatch(/Cure period expired \d+ d( \d+ h)? ago/);
    expect(detail(expired)).not.toMatch(/-\d+ ?(d|h|min|s)\b/);
    const open = marginCall({
      embedded: { collaterals: [], marginCall: { expiresAt: String(Number(NOW) + 2 * HOUR + 5 * 60_000) } },
    });
    expect(cell(open, 'cure')).toContain('2 h 5 min');
  });
});
