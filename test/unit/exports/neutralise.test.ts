/** Spreadsheet formula neutralisation (src/main/exports/neutralise.ts): OWASP's triggers, nothing else. */
import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseInPlace, neutraliseRow } from '../../../src/main/exports/neutralise';

const TRIGGERED = ['=1+1', '+1', '-5', '@SUM(A1)', '\tx', '\rx'];
const PLAIN = ['', 'a=1', '5', ' =1', "'=1", 'x-1', '\nx'];

describe('neutralise', () => {
  it.each(TRIGGERED)('quotes a cell starting with a trigger: %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it.each(PLAIN)('leaves any other cell as it is: %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(cell);
  });

  it('a row: a neutralised copy and the count of cells changed, the input untouched', () => {
    const input = ['=A1', 'plain', '-2', '', '@x'];
    expect(neutraliseRow(input)).toEqual({ row: ["'=A1", 'plain', "'-2", '', "'@x"], changed: 3 });
    expect(input).toEqual(['=A1', 'plain', '-2', '', '@x']);
    expect(neutraliseRow([])).toEqual({ row: [], changed: 0 });
  });

  it('in place: the row itself, and the count of cells changed', () => {
    const row = [...TRIGGERED, ...PLAIN];
    expect(neutraliseInPlace(row)).toBe(TRIGGERED.length);
    expect(row).toEqual([...TRIGGERED.map((c) => `'${c}`), ...PLAIN]);
  });
});
