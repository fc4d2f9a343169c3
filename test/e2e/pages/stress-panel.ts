/** The risk board's stress control (StressPanel.tsx): shock, percentage, counts, top-ups, filter. */
import { expect, type Locator } from '@playwright/test';
import type { StressLine } from '../../../src/shared/risk-stress';
import { PageObject, within } from './page-object';

export class StressPanel extends PageObject((page) =>
  within(
    page,
    { root: 'stress-panel' },
    {
      kind: 'stress-kind',
      percent: 'stress-percent',
      error: 'stress-error',
      summary: 'stress-summary',
      unknown: 'stress-unknown',
      crossing: 'stress-crossing',
      topUps: 'stress-topups',
      onlyCrossing: 'stress-only-crossing',
      clear: 'stress-clear',
      currency: 'stress-currency',
      estimateNote: 'stress-estimate',
    },
  ),
) {
  cross(line: StressLine): Locator {
    return this.root.getByTestId(`stress-cross-${line}`);
  }

  /** Sets the shock and waits for its result on screen. */
  async stress(kind: string, percent: string): Promise<void> {
    await this.kind.selectOption(kind);
    await this.percent.fill(percent);
    await expect(this.summary).toHaveAttribute('data-shock', `${kind}:${percent}`);
  }

  /** "An asset falls by X %" at the workspace's reference prices. */
  async estimate(currency: string, percent: string): Promise<void> {
    await this.kind.selectOption('currency-falls');
    await this.currency.selectOption(currency);
    await this.percent.fill(percent);
    await expect(this.summary).toHaveAttribute('data-shock', `currency-falls:${percent}:${currency}`);
  }

  async count(line: StressLine | 'unknown' | 'crossing'): Promise<number> {
    const el = line === 'unknown' ? this.unknown : line === 'crossing' ? this.crossing : this.cross(line);
    return Number(await el.getAttribute('data-count'));
  }
}
