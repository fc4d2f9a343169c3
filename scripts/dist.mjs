// `npm run dist [-- <electron-builder flags, e.g. --linux or --mac --arm64>]`: the installers
// (electron-builder.yml) in dist/<version>/. Checks for Electron's binary before doing anything,
// builds into a temporary folder and moves it into place only when every target succeeded, so a
// failed run leaves no partial output.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** Where `require('electron')` says the binary is, and whether it is there. */
export function electronBinaryStatus(resolveElectron = () => require('electron')) {
  let path;
  try {
    path = resolveElectron();
  } catch (error) {
    return { ok: false, path: null, reason: `the electron package did not load (${error.message})` };
  }
  if (typeof path !== 'string')
    return { ok: false, path: null, reason: 'the electron package names no binary' };
  if (!existsSync(path)) return { ok: false, path, reason: `no file at ${path}` };
  return { ok: true, path, reason: null };
}

export function missingBinaryMessage(reason) {
  return [
    `npm run dist: Electron's binary is missing (${reason}).`,
    'It was skipped at install time (ELECTRON_SKIP_BINARY_DOWNLOAD=1). Packaging needs it, so nothing was built.',
    'Get it, then run npm run dist again:',
    '  ELECTRON_SKIP_BINARY_DOWNLOAD=0 npm ci',
    'Where the default download host is unreachable, point Electron at a copy first:',
    '  ELECTRON_MIRROR=https://<mirror>/electron/  (a mirror of the Electron releases), or',
    '  electron_config_cache=<folder>  (a folder that already holds electron-v<version>-<platform>-<arch>.zip).',
    'electron-builder uses the same variables for the zips of the other platforms it packages.',
  ].join('\n');
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

function main() {
  const status = electronBinaryStatus();
  if (!status.ok) {
    console.error(missingBinaryMessage(status.reason));
    process.exit(1);
  }
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
  const final = resolve('dist', version);
  const partial = resolve('dist', `.partial-${process.pid}`);
  const cleanUp = () => rmSync(partial, { recursive: true, force: true });
  process.on('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });

  if (run('npx', ['electron-vite', 'build']) !== 0) {
    console.error('npm run dist: the app build failed; no installer was made.');
    process.exit(1);
  }
  mkdirSync(partial, { recursive: true });
  const code = run('npx', [
    'electron-builder',
    '--publish',
    'never',
    `--config.directories.output=${partial}`,
    ...process.argv.slice(2),
  ]);
  if (code !== 0) {
    cleanUp();
    console.error(`npm run dist: electron-builder failed (exit ${code}); its partial output was removed.`);
    process.exit(code);
  }
  rmSync(final, { recursive: true, force: true });
  renameSync(partial, final);
  console.info(`Installers in ${final}:`);
  for (const name of readdirSync(final))
    if (!name.endsWith('-unpacked')) console.info(`  ${join(final, name)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
