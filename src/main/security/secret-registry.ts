/**
 * Every secret that passes through the main side (API secrets as they are stored or read to sign,
 * vault passphrases, the embedded sandbox's secret), in the forms it could take in a record: as
 * typed, JSON-escaped, base64 and base64url, hex in both cases, and URL-encoded. The journal
 * refuses any entry holding one of them (journals.ts, refuseSecrets), whoever forgot to leave it
 * out. Held in memory only, as the secrets themselves already are while the console runs.
 *
 * Whole-value encodings only: a secret encoded as part of a larger blob (base64 of "x" + secret)
 * is not recognised; the journal's records never build such blobs.
 */
const MAX_SECRETS = 1_000;
/** Shorter values would match ordinary text; no real secret or passphrase is this short. */
const MIN_LENGTH = 6;

export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([
    secret,
    JSON.stringify(secret).slice(1, -1),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    encodeURIComponent(secret),
  ]);
  return [...forms].filter((f) => f.length >= MIN_LENGTH);
}

export class SecretRegistry {
  private readonly secrets = new Map<string, string[]>();

  /** Registers a secret (idempotent); the oldest is forgotten past MAX_SECRETS. */
  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_LENGTH || this.secrets.has(secret)) return;
    if (this.secrets.size >= MAX_SECRETS) {
      const oldest = this.secrets.keys().next().value;
      if (oldest !== undefined) this.secrets.delete(oldest);
    }
    this.secrets.set(secret, secretForms(secret));
  }

  /** Every form of every registered secret. */
  *forms(): Iterable<string> {
    for (const forms of this.secrets.values()) yield* forms;
  }
}

/**
 * The process's registry: the key stores register what they read or store, the vault its
 * passphrases, so that no caller has to remember to.
 */
export const processSecrets = new SecretRegistry();
