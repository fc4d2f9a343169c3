/**
 * What a tab's error boundary (TabErrorBoundary.tsx) shows and copies about a crash: the error,
 * the raw platform value where the error carries one, the stacks. Pure, for unit tests.
 */
import { rawText } from '../lib/decimal';

/** An error that carries the platform value it could not show, for the boundary to display. */
export class RawValueError extends Error {
  constructor(
    message: string,
    readonly raw: unknown,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RawValueError';
  }
}

/** Bounded so that a huge value or stack cannot make the report itself unusable. */
const MAX_REPORT_CHARS = 20_000;

export function crashReport(label: string, error: Error, componentStack: string): string {
  const lines = [`Tab: ${label}`, `Error: ${error.name}: ${error.message}`];
  if (error instanceof RawValueError) {
    if (error.field) lines.push(`Field: ${error.field}`);
    lines.push(`Raw value (${typeof error.raw}): ${rawText(error.raw)}`);
  }
  if (error.stack) lines.push('', 'Stack:', error.stack);
  if (componentStack.trim()) lines.push('', 'Components:', componentStack.trim());
  const text = lines.join('\n');
  return text.length > MAX_REPORT_CHARS ? `${text.slice(0, MAX_REPORT_CHARS)}…` : text;
}
