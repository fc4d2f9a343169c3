import type { AppError } from '@shared/result';

/** What an operator should do about an error, before the server's own message. */
const HINTS: Partial<Record<AppError['code'], string>> = {
  'auth-failed':
    'Authentication refused: the API key or secret is wrong, revoked, or not for this environment.',
  'clock-skew': "This computer's clock differs too much from the platform's; fix the system time.",
  network: 'The platform could not be reached (network, DNS, proxy or base URL).',
  timeout: 'The platform did not answer in time. Nothing was retried automatically.',
  forbidden: 'The API key lacks permission for this operation or organization.',
  'rate-limited': 'Too many requests: wait before trying again.',
  'no-key': 'This workspace has no API key configured.',
  'keychain-unavailable': 'The OS keychain is unavailable; use the encrypted vault.',
  'vault-locked': 'The vault is locked: unlock it with its passphrase.',
  'vault-passphrase': 'Wrong vault passphrase.',
  conflict: 'The platform refused the operation in the current state.',
  'bad-request': 'The platform refused the request as invalid.',
  'bad-input': 'The request was not sent: an input is invalid.',
  'server-error': 'The platform failed to answer (server error).',
  'bad-response': "The platform's answer could not be read as the API's JSON, so it was not used.",
  cancelled: 'Cancelled.',
  'guard-refused': 'Held back by the lockout guard: sending now could lock the key or your user out.',
  'prepared-expired': 'This prepared action expired; nothing was sent. Review it again.',
  'prepared-used': 'This prepared action was already sent once; nothing more was sent.',
  'confirmation-required': 'Production: type the confirmation phrase to send.',
  'action-in-progress':
    'The same action on this object is in flight or has an unknown outcome: check it first.',
};

export function errorHint(error: AppError): string | undefined {
  return HINTS[error.code];
}
