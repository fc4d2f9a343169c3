import { useEffect, useState } from 'react';
import { ErrorBanner } from '../ErrorBanner';
import { useUpdateStore } from '../../state/update-store';

const STATE_TEXT: Record<string, string> = {
  off: 'Off: no feed is set, nothing is checked.',
  idle: 'Not checked yet.',
  checking: 'Checking…',
  'up-to-date': 'Up to date.',
  downloading: 'Downloading…',
  ready: 'An update is ready to install.',
  error: 'The last check failed.',
  unsupported: 'Updates apply to the installed desktop app only.',
};

/** The update setting: the feed URL (empty = off), automatic checks, and consent for production. */
export function UpdateSettings() {
  const status = useUpdateStore((s) => s.status);
  const error = useUpdateStore((s) => s.error);
  const busy = useUpdateStore((s) => s.busy);
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  useEffect(() => {
    void useUpdateStore.getState().load();
  }, []);
  if (status === null) return null;
  const store = useUpdateStore.getState();
  const typed = feedUrl ?? status.feedUrl;
  return (
    <section className="update-settings" data-testid="update-settings">
      <h3>Updates</h3>
      <p className="muted small" data-testid="update-state">
        Version {status.currentVersion}. {STATE_TEXT[status.state]}
        {status.message ? ` ${status.message}` : ''}
      </p>
      <label className="field">
        <span>Update feed URL (empty: updates off)</span>
        <input
          value={typed}
          placeholder="https://updates.example.com/copper-operator/"
          onChange={(e) => setFeedUrl(e.target.value)}
          data-testid="update-feed-url"
        />
      </label>
      <label className="field">
        <input
          type="checkbox"
          checked={status.automatic}
          onChange={(e) => void store.configure({ automatic: e.target.checked })}
        />
        <span>Check automatically (at start and every 6 hours) and download what is found</span>
      </label>
      <label className="field">
        <input
          type="checkbox"
          checked={status.productionConsent}
          onChange={(e) => void store.configure({ productionConsent: e.target.checked })}
        />
        <span>Allow automatic updates while a production workspace exists</span>
      </label>
      {status.automaticPaused ? <p className="muted small">{status.automaticPaused}</p> : null}
      <div className="filters-actions">
        <button
          type="button"
          className="btn small"
          disabled={busy || typed === status.feedUrl}
          onClick={() => void store.configure({ feedUrl: typed }).then((saved) => saved && setFeedUrl(null))}
        >
          Save feed
        </button>
        <button
          type="button"
          className="btn small primary"
          disabled={busy || status.feedUrl === '' || status.state === 'unsupported'}
          onClick={() => void store.check()}
        >
          Check now
        </button>
      </div>
      {error ? <ErrorBanner error={error} testId="update-error" /> : null}
    </section>
  );
}
