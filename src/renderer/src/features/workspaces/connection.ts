import type { AppError } from '@shared/result';
import type { ConnectionTest } from '@shared/contract';

/** Why a connection test failed, in the operator's terms, before the server's own words. */
const REASONS: Partial<Record<AppError['code'], string>> = {
  'auth-failed': 'Wrong API key or secret (or a key of another environment, or revoked).',
  'clock-skew':
    "This computer's clock is too far from the platform's: signatures are refused. Fix the system time.",
  network: 'Network: the platform could not be reached (offline, DNS, proxy, firewall or a wrong base URL).',
  forbidden: 'Forbidden: the key is valid but lacks permission for this organization.',
  timeout: 'Timeout: the platform did not answer in time.',
  'no-key': 'No API key is configured for this workspace.',
  // Not "no key": the key may be in the vault, which cannot be read until it is unlocked (issue 29.4).
  'vault-locked': 'Vault locked: the key stored in it cannot be used until the vault is unlocked.',
  'keychain-unavailable': 'The keychain is unavailable: create or unlock the vault.',
  'rate-limited': 'Rate limited: wait a few minutes before testing again.',
  'not-found': 'Not found: the base URL or organization id is probably wrong.',
  'bad-response': 'The address answered, but not like the platform: check the base URL.',
};

export function connectionFailureReason(error: AppError): string {
  return REASONS[error.code] ?? 'The connection test failed.';
}

export function connectionSummary(t: ConnectionTest): string {
  const skew =
    t.clockSkewMs === null
      ? 'clock skew unknown'
      : `clock skew ${t.clockSkewMs >= 0 ? '+' : ''}${(t.clockSkewMs / 1000).toFixed(1)} s`;
  return `Connected in ${t.latencyMs} ms · ${t.portfolios} portfolios visible · ${skew}`;
}
