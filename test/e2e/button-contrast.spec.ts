/**
 * Buttons keep their label and its contrast on hover, focus and disabled, in both themes (issue
 * 11, point 7). Read from the computed colours in Chromium, not from a screenshot: a generic hover
 * rule once painted production's "Approve loan" white on a pale background.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

const VARIANTS = ['', 'primary', 'danger', 'warn'] as const;

/** WCAG relative luminance of an `rgb()`/`rgba()` colour string. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c = 0) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

async function addButtons(app: Page): Promise<void> {
  await app.evaluate((variants) => {
    const box = document.createElement('div');
    box.id = 'contrast-probe';
    for (const v of variants) {
      for (const disabled of [false, true]) {
        const b = document.createElement('button');
        b.className = `btn ${v}`.trim();
        b.textContent = 'Approve loan';
        b.disabled = disabled;
        b.dataset.probe = `${v || 'default'}${disabled ? '-disabled' : ''}`;
        box.appendChild(b);
      }
    }
    document.body.prepend(box);
  }, VARIANTS);
}

async function colours(app: Page, probe: string) {
  return app.locator(`[data-probe="${probe}"]`).evaluate((el) => {
    const s = getComputedStyle(el);
    return { fg: s.color, bg: s.backgroundColor, text: (el as HTMLElement).innerText, opacity: s.opacity };
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`buttons stay readable at rest, on hover, on focus and disabled (${theme} theme)`, async ({ app }) => {
    await app.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await addButtons(app);
    for (const v of VARIANTS) {
      const name = v || 'default';
      const button = app.locator(`[data-probe="${name}"]`);
      const rest = await colours(app, name);
      await button.hover();
      const hover = await colours(app, name);
      await app.mouse.move(0, 0);
      await button.focus();
      const focus = await colours(app, name);
      const disabled = await colours(app, `${name}-disabled`);
      for (const [state, c] of Object.entries({ rest, hover, focus, disabled })) {
        expect(c.text, `${name} ${state}`).toBe('Approve loan');
        expect(c.opacity, `${name} ${state}`).toBe('1');
        expect(contrast(c.fg, c.bg), `${name} ${state}: ${c.fg} on ${c.bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
}
