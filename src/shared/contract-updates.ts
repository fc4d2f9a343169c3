/**
 * The updates domain's views and inputs (issues 15.3 and 26), split from contract.ts like the
 * webhooks domain; contract.ts re-exports everything here. The renderer only reads the status,
 * checks now and chooses when a verified update installs: the feed, automatic checks and the
 * production consent come from the administrator's policy file (src/main/updater/update-policy.ts)
 * and no input here can carry them.
 */
import { z } from 'zod';

export const UPDATE_STATES = [
  /** No feed in the policy (the default), or a refused policy: nothing reaches the network. */
  'off',
  /** A feed is set; no check has run since the start. */
  'idle',
  'checking',
  'up-to-date',
  'downloading',
  /** Downloaded, its sha512 and its Ed25519 signature verified: installs when the operator says so. */
  'ready',
  /** A download whose signature was missing or wrong: deleted, nothing installed; `message` says why. */
  'refused',
  'error',
  /** Browser mode or an unpackaged app: there is nothing to update. */
  'unsupported',
] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

export interface UpdatePolicyView {
  /** The policy file in force; null when none is installed. */
  source: string | null;
  /** Why the policy file was refused (updates are then off); null when valid or absent. */
  problem: string | null;
}

export interface UpdateStatus {
  state: UpdateState;
  /** The policy's feed; '' when updates are off (the default). Read-only. */
  feedUrl: string;
  /** The policy turns on checks at start and every few hours. Read-only. */
  automatic: boolean;
  /** The policy allows automatic updates while a production workspace exists. Read-only. */
  productionConsent: boolean;
  policy: UpdatePolicyView;
  /** Why automatic checks are not running although `automatic` is on; null when they run or are off. */
  automaticPaused: string | null;
  currentVersion: string;
  /** The newer version found (downloading, ready or refused); null otherwise. */
  availableVersion: string | null;
  /** The downloaded update will also be installed when the operator next quits. */
  installOnQuit: boolean;
  /** What went wrong, why an update was refused, or why updates are unsupported here. */
  message: string | null;
  /** ISO time of the last completed check. */
  lastCheckedAt: string | null;
}

export const installOnRestartInput = z.strictObject({
  /** true: restart now and install; false (default): install when the operator next quits. */
  now: z.boolean().optional(),
});
