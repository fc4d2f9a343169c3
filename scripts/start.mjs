// `npm start`: the Electron app where its binary is installed, the browser mode otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let electronBinary = null;
try {
  electronBinary = require('electron');
} catch {
  electronBinary = null;
}
const hasElectron = typeof electronBinary === 'string' && existsSync(electronBinary);
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  process.exit(result.status ?? 1);
};
if (hasElectron) run('npx', ['electron-vite', 'preview']);
console.info('No Electron binary here: starting the browser mode on the embedded sandbox.');
// `--open`: the URL also opens in the default browser where there is one; it is printed either way.
run('node', ['scripts/web.mjs', '--open', ...process.argv.slice(2)]);
