/**
 * Whether a blotter row may send the cancel or modify of its order (through the same prepared-
 * action path as the ticket's: prepare → confirm → execute, once), and how it names the order.
 * Pure: the blotter (Blotter.tsx) shows the reason on the disabled buttons, and what a later
 * cancel or modify did in words.
 */
import type { BlotterFollowUp, BlotterRow } from '@shared/blotter';

/**
 * How a cancel or modify names the order: the oid it has now (a modify may have given it a new
 * one), else its cloid; null when the answer gave neither. The bodies themselves are the order
 * ticket's (order-ticket.ts: `cancelBody`, `modifyBody`), checked by the shared schema.
 */
export function rowRef(row: BlotterRow): string | null {
  return row.liveOid ?? row.cloid;
}

/** Why the order cannot be cancelled or modified from its row now, or null. */
export function whyNotChange(row: BlotterRow): string | null {
  if (row.status === 'filled') return 'Filled: nothing rests to change.';
  if (row.status === 'error') return 'Refused by the exchange: it never rested.';
  for (const f of row.followUps) {
    if (f.state === 'sent')
      return `A ${f.kind} was sent and its outcome is unknown: settle it (Journal or the unknown-outcome notice) before sending another.`;
    if (f.kind === 'cancel' && f.state === 'done') return 'Already cancelled.';
  }
  if (rowRef(row) === null)
    return 'Its outcome is unknown and no oid or cloid names it: look it up on the exchange.';
  return null;
}

/** "cancelled", "cancel sent", "modify failed: …": what a later action did, as its answer tells. */
export function followUpText(f: BlotterFollowUp): string {
  const change = f.change ? ` to ${f.change}` : '';
  if (f.kind === 'cancel')
    return f.state === 'done'
      ? 'cancelled'
      : f.state === 'sent'
        ? 'cancel sent'
        : `cancel failed: ${f.message ?? ''}`;
  return f.state === 'done'
    ? `modified${change}${f.newOid ? ` (oid ${f.newOid})` : ''}`
    : f.state === 'sent'
      ? `modify sent${change}`
      : `modify failed: ${f.message ?? ''}`;
}
