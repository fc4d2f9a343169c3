/**
 * The risk watch's memory across restarts: per workspace its settings and, per loan, the band last
 * seen, when a margin call was first seen, acknowledgements and the last reminder. One small JSON
 * file (`<dataDir>/risk-watch.json`), replaced atomically; a damaged file is set aside, not fatal:
 * the watch then starts from defaults (it re-reads every loan on its first cycle anyway).
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_RISK_SETTINGS,
  RISK_BANDS,
  riskSettingsSchema,
  type RiskSettings,
  type TrackedLoan,
} from '../../shared/risk';
import { writeFileAtomic } from '../workspaces/atomic-write';

export const RISK_STATE_FILE = 'risk-watch.json';

const epochMs = z.string().regex(/^\d{1,16}$/);
const topUpSchema = z.union([
  z.object({
    ok: z.literal(true),
    amount: z.string(),
    currency: z.string(),
    targetLtv: z.string(),
    at: epochMs,
  }),
  z.object({ ok: z.literal(false), why: z.string(), at: epochMs, noTarget: z.literal(true).optional() }),
]);
const trackedSchema = z.object({
  band: z.enum(RISK_BANDS),
  marginCallSeenAt: epochMs.optional(),
  acknowledgedAt: epochMs.optional(),
  lastReminderAt: epochMs.optional(),
  cureEndingNotified: z.boolean().optional(),
  topUp: topUpSchema.optional(),
});
// Loans are read entry by entry (readLoans), never through z.record: zod builds its record on a
// plain object, where a loan id "__proto__" would set the prototype and the loan would be lost.
const workspaceStateSchema = z.object({
  settings: riskSettingsSchema,
  loans: z.unknown(),
});
const fileSchema = z.object({
  version: z.literal(1),
  workspaces: z.record(z.string(), workspaceStateSchema),
});

export interface WorkspaceRiskState {
  settings: RiskSettings;
  loans: Record<string, TrackedLoan>;
}

export class RiskStateFile {
  private constructor(
    private readonly file: string,
    private readonly workspaces: Map<string, WorkspaceRiskState>,
  ) {}

  /** Reads the file; a missing one is empty, a damaged one is renamed `.damaged` and replaced. */
  static async open(
    dataDir: string,
    warn: (message: string) => void = () => undefined,
  ): Promise<RiskStateFile> {
    const file = join(dataDir, RISK_STATE_FILE);
    let text: string | null = null;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        warn(`could not read ${file}: ${String(error)}`);
    }
    const map = new Map<string, WorkspaceRiskState>();
    if (text !== null) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const checked = fileSchema.safeParse(parsed);
      const workspaces = checked.success ? readWorkspaces(checked.data.workspaces) : null;
      if (workspaces !== null) for (const [id, ws] of workspaces) map.set(id, ws);
      else {
        warn(`${file} is damaged; the risk watch starts from defaults (the old file is kept as .damaged)`);
        await rename(file, `${file}.damaged`).catch(() => undefined);
      }
    }
    return new RiskStateFile(file, map);
  }

  /** The workspace's state, created with default settings on first use (the same object each time). */
  get(workspaceId: string): WorkspaceRiskState {
    let ws = this.workspaces.get(workspaceId);
    if (ws === undefined) {
      ws = { settings: { ...DEFAULT_RISK_SETTINGS }, loans: loanRecord({}) };
      this.workspaces.set(workspaceId, ws);
    }
    return ws;
  }

  workspaceIds(): string[] {
    return [...this.workspaces.keys()];
  }

  forget(workspaceId: string): void {
    this.workspaces.delete(workspaceId);
  }

  async save(): Promise<void> {
    const body = { version: 1 as const, workspaces: Object.fromEntries(this.workspaces) };
    await writeFileAtomic(this.file, JSON.stringify(body));
  }
}

/** The saved workspaces with their loans, or null when any workspace's loans are damaged. */
function readWorkspaces(
  from: Record<string, { settings: RiskSettings; loans: unknown }>,
): [string, WorkspaceRiskState][] | null {
  const out: [string, WorkspaceRiskState][] = [];
  for (const [id, ws] of Object.entries(from)) {
    const loans = readLoans(ws.loans);
    if (loans === null) return null;
    out.push([id, { settings: ws.settings, loans }]);
  }
  return out;
}

/** A saved per-loan record, each entry checked; null when it is not an object or an entry is bad. */
function readLoans(raw: unknown): Record<string, TrackedLoan> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out = loanRecord({});
  for (const [id, entry] of Object.entries(raw)) {
    const tracked = trackedSchema.safeParse(entry);
    if (!tracked.success) return null;
    out[id] = tracked.data;
  }
  return out;
}

/**
 * The per-loan record without a prototype: loan ids come from the platform, and one named
 * "__proto__" or "constructor" must be a key like any other, never Object.prototype's.
 */
function loanRecord(from: Record<string, TrackedLoan>): Record<string, TrackedLoan> {
  const out = Object.create(null) as Record<string, TrackedLoan>;
  for (const [id, tracked] of Object.entries(from)) out[id] = tracked;
  return out;
}
