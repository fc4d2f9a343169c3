/**
 * The page's Notification API (src/renderer/src/lib/page-notifications.ts): the permission as the
 * browser holds it, asked only while undecided, and a browser that throws on asking.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestWebPermission, webPermission } from '../../../src/renderer/src/lib/page-notifications';

function stub(permission: NotificationPermission, ask: () => Promise<NotificationPermission>) {
  const requestPermission = vi.fn(ask);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
}

afterEach(() => vi.unstubAllGlobals());

describe('page notifications', () => {
  it('are unsupported where the page has no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(webPermission()).toBe('unsupported');
    await expect(requestWebPermission()).resolves.toBe('unsupported');
  });

  it.each<[NotificationPermission, NotificationPermission]>([
    ['default', 'granted'],
    ['default', 'denied'],
  ])('undecided (%s): asks, and answers with the reply (%s)', async (held, reply) => {
    const ask = stub(held, () => Promise.resolve(reply));
    await expect(requestWebPermission()).resolves.toBe(reply);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it.each<NotificationPermission>(['granted', 'denied'])('decided (%s): never asks again', async (held) => {
    const ask = stub(held, () => Promise.resolve('granted'));
    expect(webPermission()).toBe(held);
    await expect(requestWebPermission()).resolves.toBe(held);
    expect(ask).not.toHaveBeenCalled();
  });

  it('a browser that throws on asking answers with what it holds', async () => {
    stub('default', () => Promise.reject(new Error('only from a user gesture')));
    await expect(requestWebPermission()).resolves.toBe('default');
  });
});
