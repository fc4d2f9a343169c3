/**
 * Checks a workspace's whole journal: every line's own hash, the chain (`prevHash` = previous
 * entry's hash, across rotated files) and the sequence numbers. Read-only: a torn tail is
 * reported, not moved (the writer sets it aside when it next opens the journal).
 */
import { basename } from 'node:path';
import { decodeLine, GENESIS_HASH } from './line-format';
import { listFiles, readLines, workspaceDir } from './files';

export type VerifyResult =
  | { ok: true; entries: number; tornTail?: { file: string; bytes: number } }
  | { ok: false; entries: number; file: string; line: number; reason: string };

export async function verifyJournal(dataDir: string, workspaceId: string): Promise<VerifyResult> {
  const files = await listFiles(workspaceDir(dataDir, workspaceId));
  let prevHash = GENESIS_HASH;
  let prevSeq = 0;
  let entries = 0;
  let tornTail: { file: string; bytes: number } | undefined;
  for (const [i, file] of files.entries()) {
    const expected = (files[0]?.index ?? 1) + i;
    if (i === 0 && file.index !== 1)
      return broken(entries, file.name, 1, `the first file is ${file.name}; journal-000001.jsonl is missing`);
    if (file.index !== expected)
      return broken(entries, file.name, 1, `file ${expected} is missing before ${file.name}`);
    let torn: Buffer | null = null;
    for await (const line of readLines(file.path, (bytes) => (torn = bytes))) {
      const decoded = decodeLine(line.bytes);
      if (!decoded.ok) return broken(entries, file.name, line.lineNo, decoded.reason);
      const { entry } = decoded;
      if (entry.prevHash !== prevHash)
        return broken(entries, file.name, line.lineNo, 'prevHash does not match the previous entry');
      if (entry.seq !== prevSeq + 1)
        return broken(entries, file.name, line.lineNo, `seq ${entry.seq} follows ${prevSeq}`);
      if (entry.workspaceId !== workspaceId)
        return broken(entries, file.name, line.lineNo, `entry belongs to workspace ${entry.workspaceId}`);
      prevHash = entry.hash;
      prevSeq = entry.seq;
      entries++;
    }
    const tornBytes = torn as Buffer | null;
    if (tornBytes !== null) {
      // Only the newest file may end in a torn write; a torn middle file means lost entries.
      if (i !== files.length - 1)
        return broken(entries, file.name, 0, 'a rotated file ends in an incomplete line');
      tornTail = { file: basename(file.path), bytes: tornBytes.length };
    }
  }
  return tornTail ? { ok: true, entries, tornTail } : { ok: true, entries };
}

function broken(entries: number, file: string, line: number, reason: string): VerifyResult {
  return { ok: false, entries, file, line, reason };
}

/** The CLI's and the view's one-line verdict. */
export function describeVerdict(result: VerifyResult): string {
  if (!result.ok) return `broken at ${result.file} line ${result.line}: ${result.reason}`;
  const torn = result.tornTail
    ? ` (an incomplete last line of ${result.tornTail.bytes} bytes in ${result.tornTail.file} will be set aside when the app next opens the journal)`
    : '';
  return `ok ${result.entries} entries${torn}`;
}
