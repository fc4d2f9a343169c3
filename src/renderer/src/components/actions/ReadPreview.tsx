import type { ReadPreview as Preview } from './queries';

/**
 * The exact request of a read that is a PATCH (the LTV estimate and dry run), shown before it is
 * sent: method, URL, media type and the body's bytes, as the main side builds them from the same
 * input. Collapsed by default; it changes as the operator types.
 */
export function ReadPreview({ preview, testId }: { preview: Preview | null; testId: string }) {
  if (preview === null) return null;
  return (
    <details className="prepared-request" data-testid={testId}>
      <summary className="small">What will be sent (changes nothing)</summary>
      {preview.ok ? (
        <>
          <p className="mono small" data-testid={`${testId}-line`}>
            {preview.value.method} {preview.value.url}
          </p>
          <p className="mono small">Content-Type: {preview.value.contentType}</p>
          <pre className="mono small" data-testid={`${testId}-body`}>
            {preview.value.body}
          </pre>
        </>
      ) : (
        <p className="field-error">{preview.error.message}</p>
      )}
    </details>
  );
}
