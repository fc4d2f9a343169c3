import { describe, expect, it } from 'vitest';
import { moveColumn } from '../../../src/renderer/src/components/data-table/column-order';
import { parseUiState } from '../../../src/renderer/src/state/ui-state-schema';

describe('moveColumn', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves a column one place left or right', () => {
    expect(moveColumn(ids, 'b', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveColumn(ids, 'c', -1)).toEqual(['a', 'c', 'b', 'd']);
  });
  it('leaves the order as it is at either end and for an unknown id, without changing its input', () => {
    expect(moveColumn(ids, 'a', -1)).toEqual(ids);
    expect(moveColumn(ids, 'd', 1)).toEqual(ids);
    expect(moveColumn(ids, 'x', 1)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('a remembered table layout', () => {
  it('keeps the column order and the dragged widths', () => {
    const ui = parseUiState({
      tab: 'loans',
      tables: { wallets: { hidden: ['x'], sort: null, order: ['b', 'a'], sizes: { a: 240 } } },
    });
    expect(ui.tables['wallets']).toEqual({ hidden: ['x'], sort: null, order: ['b', 'a'], sizes: { a: 240 } });
  });
  it('drops an unreadable order or width and keeps the rest of the layout', () => {
    const ui = parseUiState({
      tab: 'loans',
      tables: { wallets: { hidden: ['x'], sort: { id: 'a', desc: true }, order: 'a,b', sizes: { a: -5 } } },
    });
    expect(ui.tables['wallets']).toEqual({ hidden: ['x'], sort: { id: 'a', desc: true } });
  });
});
