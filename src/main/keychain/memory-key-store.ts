/**
 * Keys held in memory only. Used solely for the embedded sandbox workspace, whose key pair is made
 * fresh at each start; the KeyService never routes a real workspace here. Only signers are kept,
 * so the secret lives in their closures and nowhere else.
 */
import { createHmacSigner } from './hmac-signer';
import type { ApiCredentials, KeyStore, Signer } from './key-store';

export class MemoryKeyStore implements KeyStore {
  readonly backend = 'memory' as const;
  private readonly signers = new Map<string, Signer>();

  async set(workspaceId: string, credentials: ApiCredentials): Promise<void> {
    this.signers.set(workspaceId, createHmacSigner(credentials.apiKey, credentials.apiSecret));
  }

  async status(workspaceId: string): Promise<{ configured: boolean }> {
    return { configured: this.signers.has(workspaceId) };
  }

  async delete(workspaceId: string): Promise<void> {
    this.signers.delete(workspaceId);
  }

  async signer(workspaceId: string): Promise<Signer | null> {
    return this.signers.get(workspaceId) ?? null;
  }

  has(workspaceId: string): boolean {
    return this.signers.has(workspaceId);
  }
}
