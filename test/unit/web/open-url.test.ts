import { describe, expect, it } from 'vitest';
import { openCommand, openInBrowser } from '../../../src/main/web/open-url';

const URL = 'http://127.0.0.1:4000/?token=a&b=c';

describe('openCommand', () => {
  it.each([
    { platform: 'darwin' as const, env: {}, expected: { cmd: 'open', args: [URL] } },
    {
      platform: 'win32' as const,
      env: {},
      expected: { cmd: 'rundll32', args: ['url.dll,FileProtocolHandler', URL] },
    },
    { platform: 'linux' as const, env: { DISPLAY: ':0' }, expected: { cmd: 'xdg-open', args: [URL] } },
    {
      platform: 'linux' as const,
      env: { WAYLAND_DISPLAY: 'wayland-0' },
      expected: { cmd: 'xdg-open', args: [URL] },
    },
    { platform: 'linux' as const, env: {}, expected: null },
  ])('$platform with $env', ({ platform, env, expected }) => {
    expect(openCommand(URL, platform, env)).toEqual(expected);
  });
});

describe('openInBrowser', () => {
  it('starts the command detached and ignores its failure event', () => {
    const calls: [string, string[]][] = [];
    const listeners: string[] = [];
    let unrefs = 0;
    const started = openInBrowser(URL, 'linux', { DISPLAY: ':0' }, (cmd, args) => {
      calls.push([cmd, args]);
      return {
        on: (event: string) => listeners.push(event),
        unref: () => (unrefs += 1),
      };
    });
    expect(started).toBe(true);
    expect(calls).toEqual([['xdg-open', [URL]]]);
    expect(listeners).toEqual(['error']);
    expect(unrefs).toBe(1);
  });

  it('says false, without throwing, when the command cannot start', () => {
    const started = openInBrowser(URL, 'darwin', {}, () => {
      throw new Error('spawn failed');
    });
    expect(started).toBe(false);
  });

  it('starts nothing without a graphical session', () => {
    let ran = false;
    const started = openInBrowser(URL, 'linux', {}, () => {
      ran = true;
      throw new Error('must not run');
    });
    expect({ started, ran }).toEqual({ started: false, ran: false });
  });
});
