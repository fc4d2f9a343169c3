#!/usr/bin/env node
// Merges the incremental files of per-area Stryker runs (reports/mutation/<area>.incremental.json)
// into the one a full `npm run mutation` reads (reports/mutation/mutation.incremental.json), so
// that the full run re-tests only what changed since each area's own run. See docs/testing.md.
//
//   node scripts/merge-mutation-reports.mjs [--out <file>] <area.incremental.json>...
//   node scripts/merge-mutation-reports.mjs --scores <report.json>   (scores per folder and file)
//
// Later files win for the same source file. Test and mutant ids are only unique within one
// report, so tests get new ids in the merged file, keyed as Stryker keys them (file and name:
// the vitest runner reports no test locations). Stryker's vitest tests have no location, so it
// treats a test as changed when ANY byte of its file changed since the report; for each test file
// the merge keeps the version that matches the file on disk (else the latest), and drops a
// mutant's references to tests of another version. A dropped reference can only make Stryker run
// that mutant again, never reuse a result it should not.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const args = process.argv.slice(2);

// Stryker's score: killed (and timed out) over everything valid that was not ignored.
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const FOLDERS = [
  'src/shared/',
  'src/main/platform/',
  'src/main/keychain/',
  'src/main/webhooks/',
  'src/sandbox/',
];

function printScores(file) {
  const { files } = JSON.parse(readFileSync(file, 'utf8'));
  const rows = new Map();
  const add = (name, mutant) => {
    const row = rows.get(name) ?? { detected: 0, undetected: 0 };
    if (DETECTED.has(mutant.status)) row.detected++;
    if (UNDETECTED.has(mutant.status)) row.undetected++;
    rows.set(name, row);
  };
  for (const [name, { mutants }] of Object.entries(files)) {
    const folder = FOLDERS.find((f) => name.startsWith(f)) ?? 'other';
    for (const mutant of mutants) {
      add(name, mutant);
      add(folder, mutant);
      add('all', mutant);
    }
  }
  const pct = ({ detected, undetected }) =>
    detected + undetected === 0 ? 'n/a' : `${((100 * detected) / (detected + undetected)).toFixed(1)} %`;
  for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${pct(row).padStart(8)}  ${String(row.detected).padStart(5)} / ${String(row.detected + row.undetected).padEnd(5)} ${name}`,
    );
  }
}
if (args[0] === '--scores') {
  if (args[1] === undefined || !existsSync(args[1])) {
    console.error('usage: node scripts/merge-mutation-reports.mjs --scores <reports/mutation/<name>.json>');
    process.exit(2);
  }
  printScores(args[1]);
  process.exit(0);
}
let out = 'reports/mutation/mutation.incremental.json';
const inputs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--out') out = args[++i];
  else inputs.push(args[i]);
}
if (inputs.length === 0 || out === undefined) {
  console.error('usage: node scripts/merge-mutation-reports.mjs [--out <file>] <area.incremental.json>...');
  process.exit(2);
}

const reports = inputs.map((file) => {
  if (!existsSync(file)) {
    console.error(`${file}: no such file (run that area first, with MUTATION_REPORT=<area>)`);
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.files !== 'object' || typeof report.testFiles !== 'object') {
    console.error(`${file}: not a Stryker incremental report (no "files" and "testFiles")`);
    process.exit(2);
  }
  return { file, report };
});

const onDisk = (path) => (existsSync(resolve(path)) ? readFileSync(resolve(path), 'utf8') : undefined);
const testKey = (fileName, name) => `${fileName}\n${name}`;

// For each test file: the chosen version (the one on disk, else the latest) and its source.
const chosenTestFile = new Map();
for (const { report } of reports) {
  for (const [fileName, testFile] of Object.entries(report.testFiles)) {
    const current = chosenTestFile.get(fileName);
    const matchesDisk = testFile.source !== undefined && testFile.source === onDisk(fileName);
    if (current === undefined || matchesDisk || !current.matchesDisk) {
      chosenTestFile.set(fileName, { testFile, matchesDisk });
    }
  }
}

// New ids for the chosen tests.
const newIdByKey = new Map();
const testFiles = {};
for (const [fileName, { testFile }] of chosenTestFile) {
  testFiles[fileName] = {
    ...testFile,
    tests: testFile.tests.map((test) => {
      const key = testKey(fileName, test.name);
      if (!newIdByKey.has(key)) newIdByKey.set(key, String(newIdByKey.size));
      return { ...test, id: newIdByKey.get(key) };
    }),
  };
}

// Per report: old test id -> new id, only for tests whose file version is the chosen one.
function idMapOf(report) {
  const map = new Map();
  for (const [fileName, testFile] of Object.entries(report.testFiles)) {
    const chosen = chosenTestFile.get(fileName)?.testFile;
    if (chosen === undefined || chosen.source !== testFile.source) continue;
    for (const test of testFile.tests) {
      const id = newIdByKey.get(testKey(fileName, test.name));
      if (id !== undefined) map.set(test.id, id);
    }
  }
  return map;
}

const files = {};
const origin = {};
let dropped = 0;
for (const { file, report } of reports) {
  const idMap = idMapOf(report);
  const remap = (ids) =>
    ids?.flatMap((id) => {
      const mapped = idMap.get(id);
      if (mapped === undefined) dropped++;
      return mapped === undefined ? [] : [mapped];
    });
  for (const [fileName, sourceFile] of Object.entries(report.files)) {
    files[fileName] = {
      ...sourceFile,
      mutants: sourceFile.mutants.map((mutant) => ({
        ...mutant,
        ...(mutant.coveredBy ? { coveredBy: remap(mutant.coveredBy) } : {}),
        ...(mutant.killedBy ? { killedBy: remap(mutant.killedBy) } : {}),
      })),
    };
    origin[fileName] = file;
  }
}

const last = reports[reports.length - 1].report;
writeFileSync(out, JSON.stringify({ ...last, files, testFiles }));

const stale = [...chosenTestFile].filter(([, v]) => !v.matchesDisk).map(([name]) => name);
const changedSources = Object.keys(files).filter((name) => files[name].source !== onDisk(name));
console.log(`${out}: ${Object.keys(files).length} source files, ${newIdByKey.size} tests`);
for (const [name, file] of Object.entries(origin)) console.log(`  ${name}  <- ${file}`);
console.log(`test references dropped (their test file differs between reports): ${dropped}`);
if (stale.length)
  console.log(`test files changed since every report (their kills will be re-run):\n  ${stale.join('\n  ')}`);
if (changedSources.length)
  console.log(`source files changed since their report:\n  ${changedSources.join('\n  ')}`);
