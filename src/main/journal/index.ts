/** The action journal: what the actions service and the app import. */
export { Journals, DEFAULT_MAX_FILE_BYTES, type AppendOptions, type JournalsOptions } from './journals';
export type { JournalFilter, JournalPage, JournalRow } from './journal-index';
export { describeVerdict, verifyJournal, type VerifyResult } from './verify';
export * from './types';
