/**
 * Hostile platform text for the rendering tests: names made through the sandbox control, checks
 * that nothing of them became markup or ran, and a tally of (string × place) checks.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { sandboxControlHeaders } from './console-server';

/** Names given to crypto addresses through `POST /sandbox/crypto-addresses`. */
export const CREATED_NAMES: readonly { label: string; text: string }[] = [
  { label: 'img onerror', text: '<img src=x onerror="window.__pwned=1">' },
  { label: 'script element', text: '<script>window.__pwned=1</script>' },
  { label: 'attribute break-out svg', text: '"><svg onload=window.__pwned=1>' },
  { label: 'javascript: URL', text: 'javascript:window.__pwned=1' },
  { label: 'spreadsheet formula', text: '=HYPERLINK("http://evil","x")' },
  { label: '10,000 characters', text: `Long name ${'0123456789'.repeat(999)}`.slice(0, 10_000) },
  { label: 'right-to-left override', text: 'Invoice \u202Egpj.exe\u202C for \u202Dtreasury\u202C' },
  { label: 'zero-width characters', text: 'Zerowidth Pay\u200Bee\u200C Hidden\u200Dtext\uFEFF\u2060 Ltd' },
];

/** Creates an address in the sandbox behind the console's back; returns its id. */
export async function createAddress(controlUrl: string, name: string): Promise<string> {
  const res = await fetch(`${controlUrl}/crypto-addresses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxControlHeaders(controlUrl) },
    body: JSON.stringify({ name, currency: 'BTC' }),
  });
  const body = (await res.json()) as { cryptoAddressId?: string; name?: string; message?: string };
  expect(res.status, body.message ?? '').toBe(201);
  expect(body.name).toBe(name);
  return body.cryptoAddressId ?? '';
}

/** Counts every (hostile string × place) check, so the total is asserted and documented. */
export class Tally {
  readonly checks: string[] = [];
  add(label: string, place: string): void {
    const key = `${label} @ ${place}`;
    expect(this.checks, 'each string is checked once per place').not.toContain(key);
    this.checks.push(key);
  }
}

/**
 * `text` is on screen as text: found by its text inside `scope` (by `find`, a plain fragment, when
 * it holds characters Playwright's text matching normalises: line breaks, zero-width spaces), and
 * the element's textContent is the string exactly (`whole`) or holds it, every code point included.
 */
export async function expectShownAsText(
  scope: Locator,
  text: string,
  opts: { find?: string; whole?: boolean } = {},
): Promise<void> {
  const whole = opts.whole ?? true;
  const el = scope.getByText(opts.find ?? text, { exact: opts.find === undefined && whole }).first();
  await expect(el, `text ${JSON.stringify(text.slice(0, 60))}`).toBeVisible();
  const content = (await el.textContent()) ?? '';
  if (whole) expect(content).toBe(text);
  else expect(content).toContain(text);
}

/** Records every dialog (`alert(…)` in the seeded texts would open one) and dismisses it. */
export function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Nothing ran and nothing became markup: `window.__pwned` unset and no dialog opened; no img,
 * script, iframe, object, embed, video or audio in the app root; every svg is the app's own copy
 * icon; no element carries an inline handler or a javascript: link; no uncaught page error.
 */
export async function expectInert(
  page: Page,
  seen: { pageErrors: readonly string[]; dialogs: readonly string[] },
  where: string,
): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('no app root');
    const all = Array.from(root.querySelectorAll('*'));
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      foreign: Array.from(
        root.querySelectorAll('img, script, iframe, object, embed, video, audio, frame'),
      ).map((el) => el.outerHTML.slice(0, 120)),
      strangeSvg: Array.from(root.querySelectorAll('svg'))
        .filter(
          (svg) =>
            // The console's own icons: the copy buttons' and the alert centre's bell.
            !(
              svg.getAttribute('aria-hidden') === 'true' &&
              svg.closest('button[data-testid="copy-button"], button[data-testid="alert-bell"]')
            ),
        )
        .map((el) => el.outerHTML.slice(0, 120)),
      handlers: all
        .filter((el) => Array.from(el.attributes).some((a) => /^on/i.test(a.name)))
        .map((el) => el.outerHTML.slice(0, 120)),
      links: Array.from(root.querySelectorAll('[href]'))
        .filter((el) => /^\s*javascript:/i.test(el.getAttribute('href') ?? ''))
        .map((el) => el.outerHTML.slice(0, 120)),
    };
  });
  expect(found, `after ${where}`).toEqual({
    pwned: null,
    foreign: [],
    strangeSvg: [],
    handlers: [],
    links: [],
  });
  expect(seen.dialogs, `dialogs after ${where}`).toEqual([]);
  expect(seen.pageErrors, `page errors after ${where}`).toEqual([]);
}
