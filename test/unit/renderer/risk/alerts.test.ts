/**
 * The risk watch's alerts as page notifications (src/renderer/src/features/risk/alerts.ts): shown
 * only once the operator allowed them, and what the alert centre says for each permission.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskAlert } from '@shared/risk';
import { permissionText, showBrowserNotification } from '../../../../src/renderer/src/features/risk/alerts';

const alert = {
  loanId: 'L1',
  kind: 'margin-call',
  title: 'Loan L1 is in margin call',
  body: 'LTV 0.85',
} as RiskAlert;

function stub(permission: NotificationPermission) {
  const shown: unknown[][] = [];
  const Page = vi.fn(function (this: unknown, ...args: unknown[]) {
    shown.push(args);
  });
  vi.stubGlobal('Notification', Object.assign(Page, { permission }));
  return shown;
}

afterEach(() => vi.unstubAllGlobals());

describe('page notifications of the risk watch', () => {
  it('shows an alert once allowed, tagged by loan and kind', () => {
    const shown = stub('granted');
    showBrowserNotification(alert);
    expect(shown).toEqual([['Loan L1 is in margin call', { body: 'LTV 0.85', tag: 'L1:margin-call' }]]);
  });

  it.each<NotificationPermission>(['default', 'denied'])('shows nothing while %s', (permission) => {
    const shown = stub(permission);
    showBrowserNotification(alert);
    expect(shown).toHaveLength(0);
  });

  it.each([
    ['denied', 'Notifications are blocked by the browser; allow them in the site settings.'],
    ['unsupported', 'This browser cannot show notifications: alerts appear here only.'],
    ['granted', 'Risk alerts are also shown as browser notifications.'],
    ['default', null],
  ] as const)('says for %s: %s', (permission, text) => {
    expect(permissionText(permission)).toBe(text);
  });
});
