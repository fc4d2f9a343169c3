import type { AppError } from '@shared/result';
import { errorHint } from '../lib/errors';
import { Countdown } from './actions/Countdown';
import { copyText } from './CopyButton';
import { VaultLockedInline } from './vault/VaultLocked';

interface ErrorBannerProps {
  error: AppError;
  onRetry?: () => void;
  testId?: string;
}

/**
 * The platform's own message, verbatim and as text, with the operator's next step. The error's
 * other fields (`requestId`, …) are listed and copied together, so the operator can quote them to
 * the platform's support.
 */
export function ErrorBanner({ error, onRetry, testId = 'error-banner' }: ErrorBannerProps) {
  const hint = errorHint(error);
  const details = Object.entries(error.details ?? {});
  return (
    <div className="error-banner" role="alert" data-testid={testId} data-code={error.code}>
      <div className="error-text">
        <strong>{hint ?? 'Request failed.'}</strong>
        <span className="error-message" data-testid="error-message">
          {error.message}
        </span>
        <span className="muted small">
          {error.code}
          {error.status !== undefined ? ` · HTTP ${error.status}` : ''}
          {error.platformError ? ` · ${error.platformError}` : ''}
        </span>
        {error.retryAt ? (
          <span className="small" data-testid="retry-countdown">
            The console may try again in <Countdown until={error.retryAt} />.
          </span>
        ) : null}
        {/* Not only Retry (issue 29.4): a locked vault is unlocked here, then Retry reads again. */}
        {error.code === 'vault-locked' ? <VaultLockedInline testId="error-vault-locked" /> : null}
        {details.length > 0 ? (
          <dl className="error-details small" data-testid="error-details">
            {details.map(([key, value]) => (
              <div key={key} className="error-detail" data-testid={`error-detail-${key}`}>
                <dt className="muted">{key}</dt>
                <dd className="mono">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      {details.length > 0 ? (
        <button
          type="button"
          className="btn"
          onClick={() => void copyText(errorReport(error))}
          data-testid="copy-error-details"
          title="Copy the message, code and every detail (such as requestId) for the platform's support"
        >
          Copy details
        </button>
      ) : null}
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry} data-testid="retry">
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** Plain text for support: message, code, status and every detail field. */
export function errorReport(error: AppError): string {
  const lines = [error.message, `code: ${error.code}`];
  if (error.status !== undefined) lines.push(`HTTP status: ${error.status}`);
  if (error.platformError) lines.push(`platform error: ${error.platformError}`);
  for (const [key, value] of Object.entries(error.details ?? {})) lines.push(`${key}: ${value}`);
  return lines.join('\n');
}
