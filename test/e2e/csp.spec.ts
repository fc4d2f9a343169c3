/**
 * The Content-Security-Policy holds in the running console: the document is served with the
 * policy in its response headers and carries no inline script; script injected into the page (an
 * inline `<script>`, an inline event handler, a `javascript:` URL, `eval`, `new Function`, a
 * string timer) never runs, and Chromium reports each refusal as a `securitypolicyviolation`.
 */
import { CONTENT_SECURITY_POLICY } from '../../src/main/security/csp';
import { test, expect } from './support/fixtures';

interface Violation {
  directive: string;
  blocked: string;
  disposition: string;
  /** Which policy refused: the response header (has frame-ancestors) or the document's meta tag. */
  policy: 'header' | 'meta';
}

/** Each injection sets its own flag if it ever runs; `window.__csp` collects them. */
const INJECTIONS = ['inline-script', 'event-handler', 'javascript-url', 'eval', 'function', 'timer'] as const;

test('the document is served with the CSP header and holds no inline script', async ({ app, server }) => {
  const res = await app.request.get(`${server.origin}/`);
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
  expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/);

  const scripts = await app.evaluate(() =>
    Array.from(document.scripts).map((s) => ({ src: s.src, inline: !s.src, text: s.text.trim().length })),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.inline)).toEqual([]);
  for (const s of scripts) expect(new URL(s.src).origin).toBe(server.origin);
  // No inline handlers anywhere in the rendered app either.
  const handlers = await app.evaluate(
    () =>
      Array.from(document.querySelectorAll('*')).filter((el) =>
        Array.from(el.attributes).some((a) => a.name.toLowerCase().startsWith('on')),
      ).length,
  );
  expect(handlers).toBe(0);
  // The meta policy (the Electron file:// load's fallback) says the same, minus what only a header can.
  const meta = await app.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(
    CONTENT_SECURITY_POLICY.split('; ')
      .filter((d) => !d.startsWith('frame-ancestors'))
      .join('; '),
  );
});

test('injected inline script, handlers, javascript: URLs and eval never run; each is reported', async ({
  app,
}) => {
  const before = app.url();
  // The listener goes in first, so no report can be missed.
  await app.evaluate(() => {
    const w = window as unknown as { __violations: Violation[]; __csp: Record<string, number> };
    w.__violations = [];
    w.__csp = {};
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        disposition: e.disposition,
        policy: e.originalPolicy.includes('frame-ancestors') ? 'header' : 'meta',
      }),
    );
  });

  // The injections run in a task of the page's own, not inside Playwright's evaluate: a DevTools
  // evaluation is allowed to eval (Runtime.evaluate's allowUnsafeEvalBlockedByCSP), page code is not.
  await app.evaluate(() => {
    const w = window as unknown as { __thrown: Record<string, string> | null };
    w.__thrown = null;
    setTimeout(() => {
      const errors: Record<string, string> = {};
      const root = document.getElementById('root');
      if (!root) throw new Error('no app root');

      // 1. An inline <script> element, as an injection into the DOM would add it.
      const script = document.createElement('script');
      script.textContent = "window.__csp['inline-script'] = 1";
      root.appendChild(script);

      // 2. An inline event handler attribute, fired.
      const button = document.createElement('button');
      button.setAttribute('onclick', "window.__csp['event-handler'] = 1");
      root.appendChild(button);
      button.click();

      // 3. A javascript: URL navigation (a link clicked, as a hostile href would be).
      const link = document.createElement('a');
      link.href = "javascript:window.__csp['javascript-url'] = 1";
      root.appendChild(link);
      link.click();

      // 4. eval and its relatives: refused for want of 'unsafe-eval'.
      try {
        (0, eval)("window.__csp['eval'] = 1");
      } catch (e) {
        errors['eval'] = e instanceof Error ? e.name : String(e);
      }
      try {
        new Function("window.__csp['function'] = 1")();
      } catch (e) {
        errors['function'] = e instanceof Error ? e.name : String(e);
      }
      // A string timer is refused silently (a report, no exception).
      (window.setTimeout as unknown as (code: string, ms: number) => number)("window.__csp['timer'] = 1", 0);
      for (const el of [script, button, link]) el.remove();
      w.__thrown = errors;
    }, 0);
  });
  const readThrown = () => app.evaluate(() => (window as unknown as { __thrown: unknown }).__thrown);
  await expect.poll(readThrown).not.toBeNull();
  const thrown = await readThrown();
  expect(thrown).toEqual({ eval: 'EvalError', function: 'EvalError' });

  // Reports are queued as tasks: wait for all of them, then give anything that might run a moment.
  await expect
    .poll(() => app.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations))
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
        expect.objectContaining({ directive: 'script-src-attr', blocked: 'inline' }),
        expect.objectContaining({ directive: 'script-src', blocked: 'eval' }),
      ]),
    );
  await app.waitForTimeout(300);
  const { violations, ran } = await app.evaluate(() => {
    const w = window as unknown as { __violations: Violation[]; __csp: Record<string, number> };
    return { violations: w.__violations, ran: w.__csp };
  });
  expect(ran, 'no injected code ran').toEqual({});
  for (const name of INJECTIONS) expect(ran[name]).toBeUndefined();
  // One report per injection from each of the two policies (header and meta), so each alone
  // would have refused it: the inline script and the javascript: URL (script-src-elem), the handler
  // (script-src-attr), eval, Function and the string timer (script-src, blocked "eval").
  expect(violations.every((v) => v.disposition === 'enforce')).toBe(true);
  for (const policy of ['header', 'meta'] as const) {
    const mine = violations.filter((v) => v.policy === policy);
    expect(mine.filter((v) => v.directive === 'script-src-elem' && v.blocked === 'inline')).toHaveLength(2);
    expect(mine.filter((v) => v.directive === 'script-src-attr' && v.blocked === 'inline')).toHaveLength(1);
    expect(mine.filter((v) => v.directive === 'script-src' && v.blocked === 'eval')).toHaveLength(3);
    expect(mine).toHaveLength(INJECTIONS.length);
  }
  expect(violations).toHaveLength(2 * INJECTIONS.length);

  // The app is untouched: same URL, still rendered, still answering.
  expect(app.url()).toBe(before);
  await expect(app.getByTestId('app-shell')).toBeVisible();
  await expect(app.getByTestId('table-portfolios')).toHaveAttribute('data-status', 'ready');
});
