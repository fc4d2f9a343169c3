/**
 * The main side's SandboxControls carry the embedded sandbox's control token to that sandbox's
 * control URL only: never to another loopback server a sandbox workspace may point at.
 */
import { describe, expect, it } from 'vitest';
import { SandboxControls } from '../../../src/main/platform/sandbox-controls';

function recordingFetch() {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    return new Response('{"subscriptions":[]}', { status: 200 });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

const EMBEDDED = 'http://127.0.0.1:41000/sandbox';

describe('SandboxControls control token', () => {
  it('sends X-Sandbox-Token to the embedded sandbox and to nothing else', async () => {
    const { seen, fetchImpl } = recordingFetch();
    const controls = new SandboxControls({
      fetch: fetchImpl,
      embedded: { controlUrl: EMBEDDED, controlToken: 'embedded-token-0123456789' },
    });
    expect((await controls.subscriptions(EMBEDDED)).ok).toBe(true);
    expect((await controls.subscriptions('http://127.0.0.1:41001/sandbox')).ok).toBe(true);
    expect((await controls.subscriptions('http://localhost:41000/sandbox')).ok).toBe(true);
    expect(seen.map((s) => s.headers['X-Sandbox-Token'])).toEqual([
      'embedded-token-0123456789',
      undefined,
      undefined,
    ]);
  });

  it('reports a refused token as forbidden with the sandbox message', async () => {
    const fetchImpl = (async () =>
      new Response('{"error":"forbidden","message":"sandbox controls need the control token"}', {
        status: 403,
      })) as unknown as typeof fetch;
    const result = await new SandboxControls({ fetch: fetchImpl }).subscriptions(EMBEDDED);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('forbidden');
      expect(result.error.message).toContain('control token');
    }
  });
});
