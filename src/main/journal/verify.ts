/**
 * Checks a workspace's whole journal against what only the console could have written: every
 * entry's seal (its MAC under the journal key, journal-keyring.ts), the chain (`prevHash` = the
 * previous entry's seal, across rotated files), the sequence, and the anchor kept beside the key
 * (the last anchored seq, its seal, its file and size). Read-only: a torn tail is reported, not
 * moved (the writer sets it aside when it next opens the journal).
 *
 * Verdicts: `ok` (everything checked), `partial` (nothing wrong found, but something could not be
 * checked: no key, no anchor, or entries without a MAC past the anchor; each is named), `broken`
 * (the first bad place and what is wrong with it).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { JournalCheck, JournalProblem } from '../../shared/contract-views';
import { decodeLine, GENESIS_HASH } from './line-format';
import { fileName, listFiles, readLines, workspaceDir } from './files';
import type { Anchor } from './journal-keyring';

export type VerifyProblem = JournalProblem;
export type VerifyResult = JournalCheck;

/** What verify can check against: the key and this workspace's anchor, or why not. */
export interface VerifyTrust {
  key: Buffer | null;
  keyWhy?: string;
  /** The workspace's anchor; null when the anchors were read and hold none for it. */
  anchor: Anchor | null;
  /** Set when the anchors could not be read at all. */
  anchorsWhy?: string;
}

const NO_TRUST: VerifyTrust = {
  key: null,
  keyWhy: 'no journal key was given',
  anchor: null,
  anchorsWhy: 'no anchors were given',
};

/** The seq of a line that failed its checks, when it is still readable JSON. */
function seqOf(bytes: Buffer): number | null {
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { seq?: unknown };
    return Number.isSafeInteger(parsed.seq) ? (parsed.seq as number) : null;
  } catch {
    return null;
  }
}

export async function verifyJournal(
  dataDir: string,
  workspaceId: string,
  trust: VerifyTrust = NO_TRUST,
): Promise<VerifyResult> {
  const { key, anchor } = trust;
  const files = await listFiles(workspaceDir(dataDir, workspaceId));
  const anchoredAt = anchor
    ? ` (the anchor, ${anchor.time}, says seq ${anchor.seq} in ${fileName(anchor.file)})`
    : '';
  let prevHash = GENESIS_HASH;
  let prevSeq = 0;
  let entries = 0;
  let tornTail: { file: string; bytes: number } | undefined;
  const unkeyedPast: number[] = [];
  const accepted: number[] = [];
  let lastFile = 0;
  let anchoredIno: number | null = null;
  /** The first entry without a MAC after the last entry whose MAC was checked (see `rollback` below). */
  let unprovenFrom: { file: string; line: number; seq: number } | null = null;

  if (files.length === 0) {
    if (anchor && anchor.seq > 0)
      return broken(
        'missing-file',
        entries,
        fileName(anchor.file),
        0,
        `the workspace has no journal file${anchoredAt}`,
      );
  } else if (files[0]!.index !== 1) {
    return broken(
      'missing-rotated-file',
      entries,
      files[0]!.name,
      1,
      `journal-000001.jsonl is missing before ${files[0]!.name}`,
    );
  }

  for (const [i, file] of files.entries()) {
    if (file.index !== i + 1)
      return broken(
        'missing-rotated-file',
        entries,
        file.name,
        1,
        `${fileName(i + 1)} is missing before ${file.name}`,
      );
    lastFile = file.index;
    if (anchor && file.index === anchor.file) anchoredIno = (await stat(file.path)).ino;
    let torn: Buffer | null = null;
    let count = 0;
    const check = (bytes: Buffer, lineNo: number): VerifyResult | null => {
      /** Broken at this line (`entries` as counted when it breaks). */
      const at = (problem: VerifyProblem, reason: string, seq: number | null) =>
        broken(problem, entries, file.name, lineNo, reason, seq);
      const decoded = decodeLine(bytes, key);
      if (!decoded.ok) {
        const seq = seqOf(bytes);
        const past = anchor !== null && seq !== null && seq > anchor.seq;
        if (decoded.kind === 'mac')
          return past || anchor === null
            ? at('forged-entry', `${decoded.reason}: not written by this console`, seq)
            : at('rewritten-entry', `${decoded.reason}: the entry was changed`, seq);
        return at(past ? 'damaged-entry' : anchor ? 'rewritten-entry' : 'damaged-entry', decoded.reason, seq);
      }
      const { entry } = decoded;
      if (decoded.authenticated) unprovenFrom = null;
      else if (!entry.keyed && unprovenFrom === null)
        unprovenFrom = { file: file.name, line: lineNo, seq: entry.seq };
      if (entry.seq !== prevSeq + 1)
        return at(
          'rewritten-entry',
          entry.seq > prevSeq + 1
            ? `entries ${prevSeq + 1}–${entry.seq - 1} are missing before seq ${entry.seq}`
            : `seq ${entry.seq} follows ${prevSeq}`,
          entry.seq,
        );
      if (entry.prevHash !== prevHash)
        return at(
          'rewritten-entry',
          'prevHash does not match the previous entry: an entry before it was changed',
          entry.seq,
        );
      if (entry.workspaceId !== workspaceId)
        return at('forged-entry', `entry belongs to workspace ${entry.workspaceId}`, entry.seq);
      if (anchor && entry.seq === anchor.seq && (entry.hash !== anchor.mac || file.index !== anchor.file)) {
        // Entries without a MAC since the last proven one, re-sealed with plain hashes so that the
        // chain holds: they were rewritten. Otherwise every entry is proven: another copy.
        if (key !== null && unprovenFrom !== null)
          return broken(
            'rewritten-entry',
            entries,
            unprovenFrom.file,
            unprovenFrom.line,
            `entries from seq ${unprovenFrom.seq} on have no MAC and the anchored entry ${anchor.seq} is not the one anchored${anchoredAt}: they were rewritten`,
            unprovenFrom.seq,
          );
        return at(
          'rollback',
          `entry ${entry.seq} is not the one anchored${anchoredAt}: the journal was replaced by another copy`,
          entry.seq,
        );
      }
      if (anchor && entry.seq > anchor.seq && !entry.keyed) {
        if (anchor.acceptedUnkeyed?.some(([a, b]) => entry.seq >= a && entry.seq <= b))
          accepted.push(entry.seq);
        else unkeyedPast.push(entry.seq);
      }
      prevHash = entry.hash;
      prevSeq = entry.seq;
      entries++;
      return null;
    };
    for await (const line of readLines(file.path, (bytes) => (torn = bytes))) {
      count++;
      const bad = check(line.bytes, line.lineNo);
      if (bad) return bad;
    }
    const tail = torn as Buffer | null;
    if (tail !== null) {
      // A complete entry that only lacks its newline is an entry (the writer adds the newline).
      if (decodeLine(tail, key).ok) {
        const bad = check(tail, count + 1);
        if (bad) return bad;
      } else if (i !== files.length - 1) {
        return broken(
          'damaged-entry',
          entries,
          file.name,
          count + 1,
          'a rotated file ends in an incomplete line',
        );
      } else {
        tornTail = { file: basename(file.path), bytes: tail.length };
      }
    }
  }

  if (anchor?.ino !== undefined && anchoredIno !== null && anchoredIno !== anchor.ino)
    return broken(
      'rollback',
      entries,
      fileName(anchor.file),
      0,
      `${fileName(anchor.file)} is not the file anchored${anchoredAt}: another copy was put in its place (the journal ends at seq ${prevSeq})`,
    );
  if (anchor && prevSeq < anchor.seq) {
    const last = fileName(lastFile || 1);
    if (lastFile < anchor.file)
      return broken(
        'missing-rotated-file',
        entries,
        fileName(anchor.file),
        0,
        `the newest journal file ${fileName(anchor.file)} is missing: the journal ends at seq ${prevSeq}${anchoredAt}`,
      );
    return broken(
      'truncated-tail',
      entries,
      last,
      0,
      `the journal ends at seq ${prevSeq}${anchoredAt}: entries ${prevSeq + 1}–${anchor.seq} were cut off, or an older copy was put back`,
    );
  }

  const unchecked: string[] = [];
  if (key === null) unchecked.push(`MACs were not checked: ${trust.keyWhy ?? 'no journal key'}`);
  if (trust.anchorsWhy !== undefined) unchecked.push(`the anchor was not checked: ${trust.anchorsWhy}`);
  else if (anchor === null && entries > 0)
    unchecked.push('no anchor is recorded for this workspace: a cut-off tail would not show');
  if (unkeyedPast.length > 0)
    unchecked.push(
      `${unkeyedPast.length} entr${unkeyedPast.length === 1 ? 'y' : 'ies'} past the anchor (seq ${range(unkeyedPast)}) ha${unkeyedPast.length === 1 ? 's' : 've'} no MAC: written while the journal key was unavailable, or forged`,
    );
  if (accepted.length > 0)
    unchecked.push(
      `${accepted.length} entr${accepted.length === 1 ? 'y' : 'ies'} without a MAC (seq ${range(accepted)}) were taken on at a start without proof of who wrote them`,
    );
  const base = { entries, ...(tornTail ? { tornTail } : {}) };
  return unchecked.length > 0
    ? { status: 'partial', ok: true, ...base, unchecked }
    : { status: 'ok', ok: true, ...base };
}

function range(seqs: number[]): string {
  const first = seqs[0];
  const last = seqs[seqs.length - 1];
  return first === last ? String(first) : `${first}–${last}`;
}

function broken(
  problem: VerifyProblem,
  entries: number,
  file: string,
  line: number,
  reason: string,
  seq?: number | null,
): VerifyResult {
  return {
    status: 'broken',
    ok: false,
    entries,
    problem,
    file,
    line,
    reason,
    ...(seq != null ? { seq } : {}),
  };
}

const PROBLEM_TEXT: Record<VerifyProblem, string> = {
  'truncated-tail': 'truncated tail',
  'missing-file': 'missing file',
  'missing-rotated-file': 'missing rotated file',
  'rewritten-entry': 'rewritten entry',
  'forged-entry': 'forged entry',
  rollback: 'rollback to an older copy',
  'damaged-entry': 'damaged entry',
};

/** The CLI's and the view's verdict, in one line. */
export function describeVerdict(result: VerifyResult): string {
  if (result.status === 'broken') {
    const where = result.line ? `${result.file} line ${result.line}` : result.file;
    return `broken: ${PROBLEM_TEXT[result.problem ?? 'damaged-entry']} at ${where}: ${result.reason}`;
  }
  const torn = result.tornTail
    ? ` (an incomplete last line of ${result.tornTail.bytes} bytes in ${result.tornTail.file} will be set aside when the app next opens the journal)`
    : '';
  if (result.status === 'partial')
    return `partly checked, nothing wrong found in ${result.entries} entries${torn}; not checked: ${(result.unchecked ?? []).join('; ')}`;
  return `ok ${result.entries} entries, MACs and anchor checked${torn}`;
}

/** The CLI's exit code for a verdict: 0 ok, 1 broken, 3 partly checked (2 is bad arguments). */
export function exitCodeOf(result: VerifyResult): number {
  return result.status === 'ok' ? 0 : result.status === 'broken' ? 1 : 3;
}
