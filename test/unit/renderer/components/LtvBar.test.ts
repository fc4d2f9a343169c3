/**
 * The LTV bar (src/renderer/src/components/LtvBar.tsx) reads its LTV and thresholds in the console's
 * one percent format (lib/format.ts: "51.28 %"), as the tables, the detail and the answers do.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LtvBar } from '../../../../src/renderer/src/components/LtvBar';
import { html } from '../hostile/hostile-rows';

describe('LtvBar', () => {
  it('shows the LTV and both thresholds as "51.28 %", in its legend and its marks', () => {
    const out = html(
      createElement(LtvBar, { ltv: '0.5128', marginCall: '0.8', defaultAt: '0.9', estimate: '0.6' }),
    );
    expect(out).toContain('51.28 %');
    expect(out).toContain('margin call 80.00 % · default');
    expect(out).toContain('90.00 %');
    expect(out).toContain('title="Margin call 80.00 %"');
    expect(out).toContain('title="Default 90.00 %"');
    expect(out).toContain('title="Estimate 60.00 %"');
    expect(out.replace(/<[^>]*>/g, ' ')).not.toMatch(/\d%/); // text, not the bar's CSS widths
  });

  it('shows a missing threshold as a dash, and the compact cell the same way', () => {
    const out = html(createElement(LtvBar, { ltv: '1', marginCall: undefined, defaultAt: undefined }));
    expect(out).toContain('100.00 %');
    expect(out).toContain('margin call — · default');
    const cell = html(
      createElement(LtvBar, { ltv: '0.5', marginCall: '0.8', defaultAt: '0.9', compact: true }),
    );
    expect(cell).toContain('>50.00 %<');
  });
});
