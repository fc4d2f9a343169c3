/**
 * The main side's logger. Lines carry the service name. Anything that might carry a secret is
 * passed through `redact`, and error objects are reduced to their name and message: a stack or a
 * request object could hold headers.
 */
export interface Logger {
  info(service: string, message: string): void;
  warn(service: string, message: string, error?: unknown): void;
  error(service: string, message: string, error?: unknown): void;
}

export interface LogSink {
  write(line: string): void;
}

const SECRET_PATTERNS: readonly RegExp[] = [
  /(authorization\s*[:=]\s*)("?)[^"\s,}]+(\s+[^"\s,}]+)?/gi,
  /(x-signature\s*[:=]\s*)("?)[0-9a-f]+/gi,
  /("?api_?secret"?\s*[:=]\s*)("?)[^"\s,}]+/gi,
  /("?passphrase"?\s*[:=]\s*)("?)[^"\s,}]+/gi,
];

export function redact(text: string, knownSecrets: Iterable<string> = []): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '$1$2[redacted]');
  for (const secret of knownSecrets) if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  return out;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'non-error value thrown';
}

export function createLogger(sink: LogSink = { write: (line) => process.stderr.write(line + '\n') }): Logger {
  const emit = (level: string, service: string, message: string, error?: unknown) => {
    const detail = error === undefined ? '' : ` (${describe(error)})`;
    sink.write(redact(`${new Date().toISOString()} ${level} [${service}] ${message}${detail}`));
  };
  return {
    info: (service, message) => emit('INFO', service, message),
    warn: (service, message, error) => emit('WARN', service, message, error),
    error: (service, message, error) => emit('ERROR', service, message, error),
  };
}
