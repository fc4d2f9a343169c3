/**
 * `npm start` in browser mode (issue 29): opens the console's URL in the default browser when there
 * is one. Failing is silent: the URL is printed either way, and a machine without a browser (a
 * server, a container) must not see an error for it.
 */
import { spawn } from 'node:child_process';

export interface OpenCommand {
  cmd: string;
  args: string[];
}

/**
 * The command that hands `url` to the default browser, or null where there is none to reach (Linux
 * without a graphical session: `xdg-open` would fall back to a text browser on the terminal).
 * Windows: `rundll32 url.dll,FileProtocolHandler`, so that no shell parses the URL's `&`.
 */
export function openCommand(
  url: string,
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
): OpenCommand | null {
  if (platform === 'darwin') return { cmd: 'open', args: [url] };
  if (platform === 'win32') return { cmd: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return null;
  return { cmd: 'xdg-open', args: [url] };
}

type Spawn = (cmd: string, args: string[]) => { on(event: 'error', cb: () => void): unknown; unref(): void };

const detached: Spawn = (cmd, args) => spawn(cmd, args, { detached: true, stdio: 'ignore' });

/** Asks the default browser to open `url`; true when a command was started (not that a window opened). */
export function openInBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
  run: Spawn = detached,
): boolean {
  const command = openCommand(url, platform, env);
  if (command === null) return false;
  try {
    const child = run(command.cmd, command.args);
    // No such command (ENOENT) arrives as an event: ignored, the printed URL is the fallback.
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
