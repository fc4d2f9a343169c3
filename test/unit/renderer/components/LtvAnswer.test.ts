/** An LTV answer (src/renderer/src/components/LtvAnswer.tsx) in the one percent format: "51.28 %". */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LtvAnswer, TopUpLine } from '../../../../src/renderer/src/components/LtvAnswer';
import { html } from '../hostile/hostile-rows';

describe('LtvAnswer', () => {
  it('reads the current and estimated LTV and the top-up target as "50.00 %"', () => {
    const out = html(
      createElement(LtvAnswer, {
        ltv: '0.5128',
        status: 'healthy',
        current: { ltv: '0.5', status: 'healthy' },
        testId: 'a',
      }),
    );
    expect(out).toContain('50.00 %');
    expect(out).toContain('51.28 %');
    expect(out.replace(/<[^>]*>/g, ' ')).not.toMatch(/\d%/); // text, not the bar's CSS widths
    const line = html(
      createElement(TopUpLine, {
        topUp: { ok: true, amount: '1', currency: 'BTC', targetLtv: '0.25', at: '1' },
        noTarget: '',
        testId: 't',
      }),
    );
    expect(line).toContain('to reach an LTV of <strong class="amount">25.00 %</strong>');
  });
});
