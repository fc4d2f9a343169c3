/**
 * What the local receiver answers to requests that are not deliveries (src/main/webhooks/receiver.ts):
 * the status, a JSON error that says what was wrong, and the headers that go with it. No sandbox is
 * needed: nothing here is ever verified.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { WebhookReceiver } from '../../../src/main/webhooks/receiver';
import { rawRequest } from '../../support/sandbox-http';

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.stop();
});

async function start(): Promise<URL> {
  receiver = new WebhookReceiver();
  await receiver.start({ workspaceId: 'ws-test', port: 0, signer: async () => createHmacSigner('k', 's') });
  const url = receiver.status().url;
  if (url === null) throw new Error('receiver did not start');
  return new URL(url);
}

describe('receiver refusals', () => {
  it('a GET: 405, Allow: POST', async () => {
    const u = await start();
    const res = await rawRequest(u.origin, 'GET', u.pathname);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json).toEqual({ error: 'method-not-allowed', message: 'deliveries are POSTed' });
  });

  it('another Host: 421', async () => {
    const u = await start();
    const res = await rawRequest(u.origin, 'POST', u.pathname, { Host: 'evil.example' }, '{}');
    expect(res.status).toBe(421);
    expect(res.json).toEqual({
      error: 'misdirected',
      message: 'this receiver answers 127.0.0.1 and localhost only',
    });
  });

  it('a browser Origin: 403, and the connection is closed', async () => {
    const u = await start();
    const headers = { 'Content-Type': 'application/json', Origin: 'http://attacker.example' };
    const res = await rawRequest(u.origin, 'POST', u.pathname, headers, '{}');
    expect(res.status).toBe(403);
    expect(res.headers.connection).toBe('close');
    expect(res.json).toEqual({
      error: 'browser-origin',
      message: 'requests from a web page (with an Origin header) are refused',
    });
  });

  it('not JSON: 415, and the connection is closed', async () => {
    const u = await start();
    const res = await rawRequest(u.origin, 'POST', u.pathname, { 'Content-Type': 'text/plain' }, '{}');
    expect(res.status).toBe(415);
    expect(res.headers.connection).toBe('close');
    expect(res.json).toEqual({
      error: 'unsupported-media-type',
      message: 'deliveries must be sent as application/json',
    });
    expect(receiver?.size).toBe(0);
  });
});
