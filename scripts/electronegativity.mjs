/**
 * Electronegativity (Doyensec's Electron security scanner) over the trusted side: src/main and
 * src/preload, staged together in one temporary folder so that its global checks (navigation
 * limits, permission handler, CSP) see the window, the session and the preload at once.
 *
 * Offline by construction: the check that downloads Electron's release list
 * (AvailableSecurityFixesGlobalCheck) is excluded, and the HTTP client the scanner bundles (`got`,
 * also used to fetch translations) is replaced by one that refuses at once. The Electron version is
 * read from the installed package instead of being guessed (the scanner would assume v0.1.0 and
 * apply that release's unsafe defaults).
 *
 * The built `out/` is not scanned: it is the same code bundled (dependencies stay external), may be
 * stale, and the renderer bundle's third-party code would only add noise; the renderer holds no
 * Electron API to misconfigure.
 *
 * Exit 1 on any HIGH or MEDIUM finding, on a file the scanner could not parse, or on a suppression
 * (`eng-disable`) that is file-wide or has no justifying comment on the line above. Every finding
 * and every suppression is printed.
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src/main', 'src/preload'];
/** Checks that need the network; excluded so the scan gives the same answer offline. */
const NETWORK_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const FAILING = new Set(['HIGH', 'MEDIUM']);

const require = createRequire(import.meta.url);

function blockNetwork() {
  const scannerRequire = createRequire(require.resolve('@doyensec/electronegativity/package.json'));
  const gotPath = scannerRequire.resolve('got');
  scannerRequire('got');
  const refuse = () => Promise.reject(new Error('network disabled for this scan'));
  // The scanner's Babel output reads `.default` of an `__esModule` export.
  require.cache[gotPath].exports = Object.assign(refuse, { __esModule: true, default: refuse });
}

function electronVersion() {
  try {
    return require('electron/package.json').version;
  } catch {
    const range = JSON.parse(require('node:fs').readFileSync(join(root, 'package.json'), 'utf8'))
      .devDependencies?.electron;
    return String(range ?? '').replace(/^[^\d]*/, '') || undefined;
  }
}

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}

/** Every `eng-disable` in the scanned sources, with what is wrong with it (null when justified). */
async function suppressions(stage) {
  const found = [];
  for (const file of await filesUnder(stage)) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (!/eng-disable/.test(line)) return;
      const above = (lines[i - 1] ?? '').trim();
      const problem =
        i === 0
          ? 'a first-line eng-disable silences the check for the whole file'
          : above.startsWith('//') || above.startsWith('*')
            ? null
            : 'no comment on the line above says why';
      found.push({ where: `${relative(stage, file)}:${i + 1}`, text: line.trim(), problem });
    });
  }
  return found;
}

async function main() {
  blockNetwork();
  const runModule = require('@doyensec/electronegativity');
  const run = typeof runModule === 'function' ? runModule : runModule.default;

  const stage = await mkdtemp(join(tmpdir(), 'copper-electronegativity-'));
  try {
    for (const dir of SCANNED)
      await cp(join(root, dir), join(stage, relative('src', dir)), { recursive: true });
    const version = electronVersion();
    const files = (await filesUnder(stage)).length;
    console.info(
      `electronegativity: ${SCANNED.join(' + ')} (${files} files), Electron ${version ?? 'unknown'}`,
    );
    console.info(`electronegativity: excluded (need the network): ${NETWORK_CHECKS.join(', ')}`);

    const result = await run(
      {
        input: stage,
        isRelative: true,
        excludeFromScan: NETWORK_CHECKS,
        electronVersionOverride: version,
      },
      false,
    );

    let failed = false;
    for (const error of result.errors) {
      console.error(`${error.tolerable ? 'warning' : 'ERROR'} parsing ${error.file}: ${error.message}`);
      if (!error.tolerable) failed = true;
    }
    const issues = [...result.issues].sort((a, b) => b.severity.value - a.severity.value);
    for (const issue of issues) {
      const blocking = FAILING.has(issue.severity.name);
      if (blocking) failed = true;
      console.info(
        `${blocking ? 'FAIL' : 'note'} ${issue.severity.name}/${issue.confidence.name} ${issue.id} ` +
          `${issue.file}:${issue.location.line}:${issue.location.column}` +
          `${issue.manualReview ? ' (review)' : ''} - ${issue.description} ${issue.shortenedURL ?? ''}`,
      );
    }
    for (const s of await suppressions(stage)) {
      if (s.problem) failed = true;
      console.info(
        `${s.problem ? 'FAIL' : 'note'} suppression ${s.where}: ${s.text}${s.problem ? ` (${s.problem})` : ''}`,
      );
    }
    const counts = ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].map(
      (level) => `${issues.filter((i) => i.severity.name === level).length} ${level}`,
    );
    console.info(
      `electronegativity: ${result.atomicChecks} atomic + ${result.globalChecks} global checks; ${counts.join(', ')}`,
    );
    if (failed) {
      console.error(
        'electronegativity: FAILED (HIGH/MEDIUM finding, parse error or unjustified suppression)',
      );
      process.exitCode = 1;
    } else console.info('electronegativity: passed');
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
