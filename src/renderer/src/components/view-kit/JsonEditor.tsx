import type { ReactNode } from 'react';
import { JsonTextArea } from './fields';

interface JsonEditorProps {
  value: string;
  onChange(value: string): void;
  testId: string;
  /** The text area's accessible name ("Action JSON"). */
  label: string;
  /** What is wrong with the text (null: it is good); shown at the start of the row under it. */
  problem: string | null;
  problemTestId: string;
  /** Shown in the problem's place while the text is good. */
  valid?: ReactNode;
  /** The row's buttons, after the problem. */
  children: ReactNode;
}

/**
 * A JSON body the operator edits before it is sent (exchange actions, the LTV dry run), with the
 * row under it: what is wrong with the text, then the buttons that use it.
 */
export function JsonEditor({ problem, problemTestId, valid, children, ...area }: JsonEditorProps) {
  return (
    <>
      <JsonTextArea {...area} invalid={problem !== null} />
      <div className="actions-row">
        {problem !== null ? (
          <span className="field-error" data-testid={problemTestId}>
            {problem}
          </span>
        ) : (
          (valid ?? null)
        )}
        {children}
      </div>
    </>
  );
}
