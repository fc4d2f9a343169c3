/**
 * The file name an export suggests (issue 29, item 9): what, whose, and when to the second in UTC,
 * so that the second export of a day does not suggest the name of the first.
 * `activities-Main_desk-2026-11-27T12-41-10Z.csv`.
 */
export function exportFileName(what: string, workspaceName: string, now: Date = new Date()): string {
  const who = workspaceName.replace(/[^\w.-]+/g, '_').slice(0, 60);
  const when = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${what}-${who}-${when}Z.csv`;
}

/**
 * What to tell the operator when the main side refused the export's path (it exists, it is not a
 * .csv, it is not absolute): the reason in plain words, or null for any other failure.
 */
export function exportPathProblem(error: { code: string; message: string }): string | null {
  if (error.code !== 'bad-input' || !error.message.startsWith('filePath: ')) return null;
  const reason = error.message.slice('filePath: '.length).replace(/;\s*choose a new file name\.?$/, '.');
  return `Nothing was written: ${reason.replace(/\.$/, '')}. Choose another file name and export again.`;
}
