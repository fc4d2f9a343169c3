/**
 * The workspaces file, `<dataDir>/workspaces.json`. Stored shape (version 1):
 *
 * {
 *   "version": 1,
 *   "activeId": "3f0c…" | null,            // the workspace the console opens on
 *   "workspaces": [
 *     {
 *       "id": "3f0c…",                      // random UUID; also the account name in the KeyStore
 *       "name": "Demo desk",
 *       "environment": "production" | "demo" | "testnet" | "sandbox",
 *       "baseUrl": "https://api.stage.copper.co/platform",
 *       "organizationId": "org-1",
 *       "defaultPortfolioId": "pf-1",        // optional
 *       "builtIn": false,                    // true only for the in-process "Local sandbox"
 *       "uiState": { … },                    // opaque to the main side: the renderer's tab state
 *       "createdAt": "2025-01-31T10:00:00.000Z"
 *     }
 *   ]
 * }
 *
 * No API key or secret is ever stored here: those live in the KeyStore under the workspace id.
 * Everything read back is parsed with zod. A base URL that breaks today's rules (an older file, a
 * hand edit) does not discard the file: the workspace loads, `baseUrlProblem` names what is wrong,
 * and the store refuses to hand that workspace to anything that would sign a request.
 */
import { z } from 'zod';
import { ENVIRONMENTS } from '../../shared/platform/enums';
import { baseUrlProblem } from '../../shared/workspace-rules';

export const WORKSPACES_FILE = 'workspaces.json';

const nonEmpty = z.string().trim().min(1).max(200);

export const workspaceRecordSchema = z
  .object({
    id: nonEmpty,
    name: z.string().trim().min(1).max(80),
    environment: z.enum(ENVIRONMENTS),
    baseUrl: z.string().max(500),
    organizationId: nonEmpty,
    defaultPortfolioId: nonEmpty.optional(),
    builtIn: z.boolean(),
    uiState: z.record(z.string(), z.unknown()),
    createdAt: z.iso.datetime(),
  })
  .superRefine((w, ctx) => {
    if (w.builtIn && w.environment !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['builtIn'],
        message: 'only the sandbox workspace can be built in',
      });
    }
  });

export type WorkspaceRecord = z.infer<typeof workspaceRecordSchema>;

export { baseUrlProblem };

export const workspacesFileSchema = z
  .object({
    version: z.literal(1),
    activeId: z.string().nullable(),
    workspaces: z.array(workspaceRecordSchema).max(1000),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.workspaces.forEach((w, i) => {
      if (seen.has(w.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['workspaces', i, 'id'],
          message: `duplicate workspace id "${w.id}"`,
        });
      }
      seen.add(w.id);
    });
    if (file.workspaces.filter((w) => w.builtIn).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['workspaces'], message: 'more than one built-in workspace' });
    }
  });

export type WorkspacesFile = z.infer<typeof workspacesFileSchema>;

export const emptyWorkspacesFile = (): WorkspacesFile => ({ version: 1, activeId: null, workspaces: [] });

/**
 * Parses the file's text. Returns the reason in words when it is not a valid workspaces file, so
 * that the operator can be told what was wrong with the copy that was set aside.
 */
export function parseWorkspacesFile(
  text: string,
): { ok: true; file: WorkspacesFile } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const parsed = workspacesFileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, reason: `not a valid workspaces file (${first.join('; ')})` };
  }
  const file = parsed.data;
  // A dangling active id is harmless and not worth discarding the operator's workspaces over.
  if (file.activeId !== null && !file.workspaces.some((w) => w.id === file.activeId)) file.activeId = null;
  return { ok: true, file };
}

/** A file-name-safe timestamp: ISO without the colons and dots that some file systems refuse. */
export const fileStamp = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');
