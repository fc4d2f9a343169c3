/** Agent wallets' columns under nulls and numbers (issue 25). */
import { describe, expect, it } from 'vitest';
import { agentWalletColumns } from '../../../../src/renderer/src/features/agent-wallets/columns';
import { renderCell } from '../../../../src/renderer/src/components/data-table/cells';
import { jsonNumberText } from '../../../../src/shared/json-number';
import { html, renderColumns } from '../hostile/hostile-rows';
import { sampleAgentWallet } from '../hostile/samples';

describe('agent wallet columns', () => {
  const columns = agentWalletColumns(
    (id) => (id === sampleAgentWallet.portfolioId ? 'Main' : undefined),
    1_750_000_000_000,
  );

  it('render and sort every variant of an agent wallet', () => renderColumns(columns, sampleAgentWallet));

  it('show an order id above 2^53 with every digit (it arrives kept as its digits)', () => {
    const col = columns.find((c) => c.id === 'orderId')!;
    const out = html(
      renderCell(col, { ...sampleAgentWallet, orderId: jsonNumberText('9007199254740993') as never }),
    );
    expect(out).toContain('9007199254740993');
    expect(out).toContain('data-kind="number"');
  });
});
