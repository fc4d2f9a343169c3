/** The ✕ that closes a tab's detail pane (Escape does the same where the pane listens for it). */
export function DetailCloseButton({ onClose }: { onClose(): void }) {
  return (
    <button
      type="button"
      className="btn small ghost detail-close"
      onClick={onClose}
      aria-label="Close detail"
    >
      ✕
    </button>
  );
}
