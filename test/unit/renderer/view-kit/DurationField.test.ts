/**
 * A duration as a number and its unit (src/renderer/src/components/view-kit/DurationField.tsx):
 * both controls named by the one label, the units offered in order, the problem under the pair.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { DurationField } from '../../../../src/renderer/src/components/view-kit/DurationField';
import { html } from '../hostile/hostile-rows';

const field = (problem?: string | null, unitTestId?: string) =>
  html(
    createElement(DurationField, {
      label: 'Remind every',
      testId: 'remind',
      units: ['min', 'h'],
      value: { amount: '6', unit: 'h' },
      onChange: () => undefined,
      problem,
      ...(unitTestId ? { unitTestId } : {}),
    }),
  );

describe('DurationField', () => {
  it('labels the number and names the unit after it for screen readers, the units in order', () => {
    const out = field();
    expect(out).toMatch(/<label class="field">Remind every<input[^>]*data-testid="remind"[^>]*value="6"/);
    expect(out).toContain('<span class="sr-only">Remind every: unit</span>');
    expect(out).toMatch(/data-testid="remind-unit"/);
    expect(out.match(/<option value="(min|h)"/g)).toEqual(['<option value="min"', '<option value="h"']);
    expect(out).toMatch(/<option value="h" selected="">/);
  });

  it('keeps a unit test id of its own when given one', () => {
    expect(field(null, 'price-stale-unit')).toContain('data-testid="price-stale-unit"');
  });

  it('shows the problem under the pair and marks the number invalid', () => {
    const out = field('At most a year');
    expect(out).toMatch(
      /<\/select><\/label><span class="field-error small" data-testid="remind-problem">At most a year</,
    );
    expect(out).toMatch(/<input[^>]*aria-invalid="true"[^>]*data-testid="remind"/);
  });

  it('has no problem line while the duration is good', () => {
    expect(field(null)).not.toContain('field-error');
    expect(field(null)).not.toContain('aria-invalid');
  });
});
