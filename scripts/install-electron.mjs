// `postinstall`: fetches Electron's binary where its download host is reachable, and lets the
// install succeed where it is not (the console then runs in browser mode).
//
// package.json's `allowScripts` denies Electron's own install script, so that `npm ci` never fails
// on it; this script runs the same `install.js` and turns a failure into a notice. Set
// ELECTRON_SKIP_BINARY_DOWNLOAD=1 to skip the attempt altogether (0 or false: try).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const installer = fileURLToPath(new URL('../node_modules/electron/install.js', import.meta.url));
/** Ten minutes: a slow but working connection still gets the whole binary. */
const TIME_LIMIT_MS = 10 * 60 * 1000;

/** `0`, `false` or empty mean "do not skip" (Electron's own script would skip on any value). */
const skipValue = process.env['ELECTRON_SKIP_BINARY_DOWNLOAD'] ?? '';
const skip = !['', '0', 'false'].includes(skipValue.trim().toLowerCase());
const env = { ...process.env };
delete env['ELECTRON_SKIP_BINARY_DOWNLOAD'];

if (skip) {
  console.info('Electron: binary download skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set).');
} else if (!existsSync(installer)) {
  // `npm ci --omit=dev`: Electron is a development dependency and is not installed.
} else {
  const result = spawnSync(process.execPath, [installer], {
    stdio: 'inherit',
    env,
    timeout: TIME_LIMIT_MS,
  });
  if (result.status !== 0) {
    console.warn(
      'Electron: its binary could not be downloaded here; the install goes on without it.\n' +
        '  `npm start` runs the console in browser mode instead.\n' +
        '  Where the download host is reachable, fetch it later with `node node_modules/electron/install.js`.',
    );
  }
}
