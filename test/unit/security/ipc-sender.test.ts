/**
 * The IPC wrapper's sender check (shell/ipc.ts applies it to every channel), tested on plain
 * objects shaped like Electron's: only the app window's main frame showing the app may call.
 */
import { describe, expect, it } from 'vitest';
import { isFromAppMainFrame, type FrameFacts } from '../../../src/main/security/ipc-sender';

const FILE_APP = 'file:///opt/copper/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';

function windowShowing(url: string) {
  const mainFrame: FrameFacts = { url };
  return { mainFrame };
}

describe('IPC sender check', () => {
  it('accepts the app window main frame showing the packaged page or the dev server', () => {
    const contents = windowShowing(FILE_APP);
    expect(
      isFromAppMainFrame({ sender: contents, senderFrame: contents.mainFrame }, contents, FILE_APP),
    ).toBe(true);
    const dev = windowShowing(`${DEV_APP}#/loans`);
    expect(isFromAppMainFrame({ sender: dev, senderFrame: dev.mainFrame }, dev, DEV_APP)).toBe(true);
  });

  it('refuses every other sender', () => {
    const app = windowShowing(FILE_APP);
    const other = windowShowing(FILE_APP); // a second window, even one showing the same page
    const iframe: FrameFacts = { url: FILE_APP }; // a sub-frame of the app window
    const navigatedAway = windowShowing('https://evil.example/');
    const otherFile = windowShowing('file:///tmp/evil.html');
    const cases: Array<[string, Parameters<typeof isFromAppMainFrame>]> = [
      ['another window', [{ sender: other, senderFrame: other.mainFrame }, app, FILE_APP]],
      ['a sub-frame of the app window', [{ sender: app, senderFrame: iframe }, app, FILE_APP]],
      ['a frame that is gone', [{ sender: app, senderFrame: null }, app, FILE_APP]],
      ['the app window after it is closed', [{ sender: app, senderFrame: app.mainFrame }, null, FILE_APP]],
      [
        'the main frame navigated to a web page',
        [{ sender: navigatedAway, senderFrame: navigatedAway.mainFrame }, navigatedAway, FILE_APP],
      ],
      [
        'the main frame showing another local file',
        [{ sender: otherFile, senderFrame: otherFile.mainFrame }, otherFile, FILE_APP],
      ],
      [
        'the dev server on another port',
        [
          { sender: windowShowing('http://localhost:5174/'), senderFrame: { url: 'http://localhost:5174/' } },
          windowShowing(DEV_APP),
          DEV_APP,
        ],
      ],
      ['a frame whose URL does not parse', [{ sender: app, senderFrame: { url: '::' } }, app, FILE_APP]],
    ];
    for (const [what, args] of cases) expect(isFromAppMainFrame(...args), what).toBe(false);
  });
});
