import { useState } from 'react';
import { displayText } from '../lib/display-text';
import { RawValueMark } from './RawValueMark';
import { useDelayedWhile } from './view-kit/use-timers';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure context): fall back to a hidden textarea.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const done = document.execCommand('copy');
    ta.remove();
    return done;
  }
}

interface CopyButtonProps {
  text: string;
  label?: string;
  /** Rows are navigated with arrow keys; buttons inside them stay out of the tab order. */
  inRow?: boolean;
}

export function CopyButton({ text, label = 'Copy', inRow = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useDelayedWhile(copied, 1200, () => setCopied(false));
  return (
    <button
      type="button"
      className={copied ? 'copy-btn copied' : 'copy-btn'}
      data-testid="copy-button"
      tabIndex={inRow ? -1 : 0}
      title={copied ? 'Copied' : `${label}: ${text}`}
      aria-label={`${label} ${text}`}
      onClick={(e) => {
        e.stopPropagation();
        void copyText(text).then(setCopied);
      }}
    >
      {copied ? '✓' : <CopyIcon />}
    </button>
  );
}

/** An id shown truncated in the middle with a one-click copy. */
export function IdText({ value: raw, inRow = false }: { value: unknown; inRow?: boolean }) {
  // An id the platform sent as a number (an exchange id above 2^53 keeps its digits) or any other
  // non-text value is shown as received, marked, and copied as that text.
  const { text: value, mark } = displayText(raw);
  if (!value) return <span className="muted">—</span>;
  return (
    <span className="id-text">
      {mark ? <RawValueMark kind={mark} /> : null}
      <span className="mono ellipsis" title={value}>
        {value}
      </span>
      <CopyButton text={value} label="Copy id" inRow={inRow} />
    </span>
  );
}

/** Drawn rather than a glyph: system fonts render the usual copy symbols as empty boxes. */
function CopyIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3 11V3.5C3 2.7 3.7 2 4.5 2H11" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
