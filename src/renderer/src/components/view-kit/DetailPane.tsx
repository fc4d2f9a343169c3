import type { ReactNode } from 'react';
import { DetailCloseButton } from '../DetailCloseButton';
import { useDismissOnEscape } from './use-dismiss-on-escape';

interface DetailPaneProps {
  testId: string;
  /** The pane's accessible name. */
  label: string;
  /** The heading's content before the close button: a title, badges. */
  title: ReactNode;
  onClose(): void;
  /** `data-*` attributes that tell which item is shown (e.g. `{ 'data-loan-id': id }`). */
  data?: Record<`data-${string}`, string>;
  children?: ReactNode;
}

/** A tab's right-hand detail panel: a heading with a close button, closed by Escape as well. */
export function DetailPane({ testId, label, title, onClose, data, children }: DetailPaneProps) {
  useDismissOnEscape(onClose);
  return (
    <aside className="detail" data-testid={testId} aria-label={label} {...data}>
      <h3>
        {title}
        <DetailCloseButton onClose={onClose} />
      </h3>
      {children}
    </aside>
  );
}
