import type { AppError } from '@shared/result';
import { errorHint } from '../lib/errors';

interface ErrorBannerProps {
  error: AppError;
  onRetry?: () => void;
  testId?: string;
}

/** The platform's own message, verbatim and as text, with the operator's next step. */
export function ErrorBanner({ error, onRetry, testId = 'error-banner' }: ErrorBannerProps) {
  const hint = errorHint(error);
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
      </div>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry} data-testid="retry">
          Retry
        </button>
      ) : null}
    </div>
  );
}
