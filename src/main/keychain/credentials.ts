/** The stored form of one workspace's credentials, shared by the OS keychain and the vault. */
import { z } from 'zod';

export const credentialsSchema = z.object({
  apiKey: z.string().min(1).max(500),
  apiSecret: z.string().min(1).max(2000),
});

/** Parses a stored entry; null when it is not ours (someone else wrote that keychain item). */
export function parseStoredCredentials(text: string): z.infer<typeof credentialsSchema> | null {
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
