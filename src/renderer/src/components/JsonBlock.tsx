/** Raw JSON as text, for fields the specification leaves open. Never interpreted as markup. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return (
    <pre className="json-block" data-testid={testId}>
      {text}
    </pre>
  );
}
