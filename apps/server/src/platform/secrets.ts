import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets kept in the database (carrier API keys) are sealed with AES-256-GCM under a key from the
// environment. Each sealed value names its key by an id derived from the key, so a new key can be
// set while values sealed under the previous ones still open (and are re-sealed at the next start).
//
//   v1.<key id>.<iv>.<auth tag>.<ciphertext>     (base64url parts; key id = 8 hex digits)

export interface SecretKeyring {
  /** The key new values are sealed with. */
  current: { id: string; key: Buffer };
  /** Every key that may open a value, by id (the current one included). */
  byId: ReadonlyMap<string, Buffer>;
  /** True when no key was configured and the fixed development key stands in. */
  development: boolean;
}

const VERSION = 'v1';

/** A fixed key for development and tests only; production refuses to start without CARRIER_SECRETS_KEY. */
export const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('exship development carrier secrets (not for production)').digest();

/** The key's id: a digest prefix, so the key itself is never written next to the values it seals. */
export const secretKeyId = (key: Buffer) => createHash('sha256').update('exship-secret-key-id').update(key).digest('hex').slice(0, 8);

/** 32 bytes as 64 hex digits or as base64 (padded or not), else undefined. */
export function parseSecretKey(raw: string): Buffer | undefined {
  const v = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/** `keys[0]` seals; all of them open. No keys: the development key. */
export function createKeyring(keys: readonly Buffer[]): SecretKeyring {
  const development = keys.length === 0;
  const all = development ? [DEVELOPMENT_SECRETS_KEY] : keys;
  for (const k of all) if (k.length !== 32) throw new Error('a secrets key must be 32 bytes');
  const byId = new Map(all.map((k) => [secretKeyId(k), k] as const));
  return { current: { id: secretKeyId(all[0]!), key: all[0]! }, byId, development };
}

export function sealSecret(ring: SecretKeyring, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  // The version and key id are authenticated too: a value cannot be moved under another key id.
  cipher.setAAD(Buffer.from(`${VERSION}.${ring.current.id}`));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, ring.current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`a stored secret cannot be opened: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

export function openSecret(ring: SecretKeyring, sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretUnreadableError('unknown format');
  const [, id, iv, tag, ct] = parts as [string, string, string, string, string];
  const key = ring.byId.get(id);
  if (!key) throw new SecretUnreadableError(`it was sealed with key ${id}, which is not configured (CARRIER_SECRETS_KEY, CARRIER_SECRETS_PREVIOUS_KEYS)`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${VERSION}.${id}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('it does not authenticate under its key');
  }
}

/** True for a value sealed with the current key (nothing to re-seal). */
export const isSealedWithCurrent = (ring: SecretKeyring, sealed: string) => sealed.startsWith(`${VERSION}.${ring.current.id}.`);
