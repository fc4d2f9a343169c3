/** A tab's selected row: looked up among every loaded row, selected and closed through the tab's own state. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  useSelectedRow,
  type SelectedRow,
} from '../../../../src/renderer/src/components/view-kit/use-selected-row';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'first' },
  { id: 'b', name: 'second' },
];
const idOf = (r: Row) => r.id;

/** The hook's answer for one render, with every id it was asked to select. */
function selection(loaded: readonly Row[] | null | undefined, selectedId: string | null | undefined) {
  const asked: (string | null)[] = [];
  let seen: SelectedRow<Row> | undefined;
  function Probe() {
    seen = useSelectedRow(loaded, idOf, selectedId, (id) => asked.push(id));
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  if (seen === undefined) throw new Error('the probe did not render');
  return { ...seen, asked };
}

describe('useSelectedRow', () => {
  it('finds the selected row among the loaded ones and hands the table its id', () => {
    const s = selection(ROWS, 'b');
    expect(s.row).toBe(ROWS[1]);
    expect(s.table.selectedId).toBe('b');
    expect(s.table.getRowId(ROWS[0]!)).toBe('a');
  });

  it.each([
    ['nothing is selected', ROWS, undefined],
    ['nothing is selected (null)', ROWS, null],
    ['the selected row is not loaded', ROWS, 'gone'],
    ['nothing is loaded', null, 'a'],
    ['nothing is loaded yet', undefined, 'a'],
  ])('has no row when %s', (_case, loaded, id) => {
    const s = selection(loaded, id);
    expect(s.row).toBeNull();
    expect(s.table.selectedId).toBe(id ?? null);
  });

  it('selects a clicked row by its id, and closes to none', () => {
    const s = selection(ROWS, null);
    s.table.onSelect(ROWS[0]!);
    s.close();
    expect(s.asked).toEqual(['a', null]);
  });
});
