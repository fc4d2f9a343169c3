/**
 * One tab's error boundary (issue 18): a render error in a tab shows what failed, the raw value
 * where the error carries one, and a Copy button, while the tab bar, the other tabs and the
 * workspace bar stay usable. The crash is reported through `onCrash` so that the crashed tab is
 * not the one reopened on the next start.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { rawText } from '../lib/decimal';
import { copyText } from './CopyButton';
import { crashReport, RawValueError } from './crash-report';

interface Props {
  /** What failed, for the heading ("Loans"). */
  label: string;
  children: ReactNode;
  onCrash?: (error: Error) => void;
  /** Called when the operator asks to render the tab again. */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
  componentStack: string;
}

export class TabErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(rawText(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    this.props.onCrash?.(error instanceof Error ? error : new Error(rawText(error)));
  }

  private readonly retry = () => {
    this.setState({ error: null, componentStack: '' });
    this.props.onRetry?.();
  };

  override render(): ReactNode {
    const { error, componentStack } = this.state;
    if (error === null) return this.props.children;
    const report = crashReport(this.props.label, error, componentStack);
    return (
      <div className="error-banner tab-crash" role="alert" data-testid="tab-crash">
        <div className="error-text">
          <strong>The {this.props.label} tab failed to show what the platform sent.</strong>
          <span className="error-message" data-testid="tab-crash-message">
            {error.name}: {error.message}
          </span>
          {error instanceof RawValueError ? (
            <span className="mono small" data-testid="tab-crash-raw">
              {error.field ? `${error.field}: ` : ''}
              {rawText(error.raw)} ({typeof error.raw})
            </span>
          ) : null}
          <span className="muted small">
            The other tabs still work. Copy the details for a report; the tab is not reopened first on the
            next start.
          </span>
        </div>
        <button
          type="button"
          className="btn"
          onClick={() => void copyText(report)}
          data-testid="tab-crash-copy"
        >
          Copy details
        </button>
        <button type="button" className="btn" onClick={this.retry} data-testid="tab-crash-retry">
          Try again
        </button>
      </div>
    );
  }
}
