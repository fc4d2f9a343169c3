/**
 * A multi-choice filter (src/renderer/src/components/MultiSelect.tsx). An open list (issue 29.4)
 * offers, beside the known spellings, those seen in the loaded rows or already chosen, each marked
 * "not a known spelling": a warning, never a refusal.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect, NOT_KNOWN, offeredValues } from '../../../../src/renderer/src/components/MultiSelect';
import { html } from '../hostile/hostile-rows';

const KNOWN = ['active', 'closed'] as const;

describe('offeredValues', () => {
  it('offers the known spellings, then the others seen or chosen, sorted, once each', () => {
    expect(offeredValues(KNOWN, ['zz-typed'], ['on-hold', 'active', 'on-hold', ' '], true)).toEqual([
      { value: 'active', known: true },
      { value: 'closed', known: true },
      { value: 'on-hold', known: false },
      { value: 'zz-typed', known: false },
    ]);
  });

  it('offers only the known spellings when the list is closed', () => {
    expect(offeredValues(KNOWN, ['x'], ['on-hold'], false).map((o) => o.value)).toEqual(['active', 'closed']);
  });
});

describe('MultiSelect', () => {
  const render = (value: string[], open: boolean) =>
    html(
      createElement(MultiSelect, {
        label: 'Statuses',
        testId: 'filter-statuses',
        options: KNOWN,
        value,
        open,
        onChange: () => {},
      }),
    );

  it('warns beside the button about a chosen value that is not a known spelling, naming it', () => {
    const out = render(['active', 'on-hold'], true);
    expect(out).toContain('data-testid="filter-statuses-warning"');
    expect(out).toContain('role="note"');
    expect(out).toContain(`on-hold: ${NOT_KNOWN}`);
  });

  it('says nothing when every chosen value is known', () => {
    expect(render(['active'], true)).not.toContain('filter-statuses-warning');
    expect(render([], false)).not.toContain(NOT_KNOWN);
  });
});
