/**
 * The updates domain's views and inputs (issue 15.3), split from contract.ts like the webhooks
 * domain; contract.ts re-exports everything here.
 */
import { z } from 'zod';

export const UPDATE_STATES = [
  /** No feed URL: the updater is off and nothing reaches the network. */
  'off',
  /** A feed is set; no check has run since the start (or since the settings changed). */
  'idle',
  'checking',
  'up-to-date',
  'downloading',
  /** Downloaded and verified: installs when the app restarts. */
  'ready',
  'error',
  /** Browser mode or an unpackaged app: there is nothing to update. */
  'unsupported',
] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

export interface UpdateStatus {
  state: UpdateState;
  /** '' when updates are off (the default). */
  feedUrl: string;
  /** Check at start and every few hours, and download what is found. */
  automatic: boolean;
  /** The operator agreed to automatic updates while a production workspace exists. */
  productionConsent: boolean;
  /** Why automatic checks are not running although `automatic` is on; null when they run or are off. */
  automaticPaused: string | null;
  currentVersion: string;
  /** The newer version found (downloading or ready); null otherwise. */
  availableVersion: string | null;
  /** The downloaded update will also be installed when the operator next quits. */
  installOnQuit: boolean;
  /** What went wrong, or why updates are unsupported here. */
  message: string | null;
  /** ISO time of the last completed check. */
  lastCheckedAt: string | null;
}

export const updateSettingsInput = z.object({
  /** '' turns updates off. https, or http on loopback (a local mirror); checked on the main side. */
  feedUrl: z.string().trim().max(500).optional(),
  automatic: z.boolean().optional(),
  productionConsent: z.boolean().optional(),
});

export const installOnRestartInput = z.object({
  /** true: restart now and install; false (default): install when the operator next quits. */
  now: z.boolean().optional(),
});
