import { describe, expect, it } from 'vitest';
import { createKeyring, DEVELOPMENT_SECRETS_KEY, isSealedWithCurrent, openSecret, parseSecretKey, sealSecret, secretKeyId } from './secrets';

// Sealed secrets: AES-256-GCM under a key named by its id, so keys rotate; tampering is detected.
const a = Buffer.alloc(32, 1);
const b = Buffer.alloc(32, 2);

describe('sealed secrets', () => {
  it('seals to a value that names its key and never holds the plain text, and opens it back', () => {
    const ring = createKeyring([a]);
    const sealed = sealSecret(ring, '{"apiKey":"carrier-secret-123456"}');
    expect(sealed.startsWith(`v1.${secretKeyId(a)}.`)).toBe(true);
    expect(sealed).not.toContain('carrier-secret');
    expect(sealSecret(ring, 'same')).not.toBe(sealSecret(ring, 'same'));
    expect(openSecret(ring, sealed)).toBe('{"apiKey":"carrier-secret-123456"}');
    expect(isSealedWithCurrent(ring, sealed)).toBe(true);
  });

  it('opens values of a previous key after rotation, and says which key is missing otherwise', () => {
    const old = sealSecret(createKeyring([a]), 'k1');
    const rotated = createKeyring([b, a]);
    expect(openSecret(rotated, old)).toBe('k1');
    expect(isSealedWithCurrent(rotated, old)).toBe(false);
    expect(() => openSecret(createKeyring([b]), old)).toThrow(new RegExp(`key ${secretKeyId(a)}, which is not configured`));
  });

  it('refuses a tampered value, a value moved under another key id, and an unknown format', () => {
    const ring = createKeyring([a, b]);
    const sealed = sealSecret(ring, 'k1');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(ring, [...parts.slice(0, 4), flipped.toString('base64url')].join('.'))).toThrow(/does not authenticate/);
    expect(() => openSecret(ring, [parts[0], secretKeyId(b), ...parts.slice(2)].join('.'))).toThrow(/does not authenticate/);
    expect(() => openSecret(ring, 'plain-text-key')).toThrow(/unknown format/);
  });

  it('reads keys as 64 hex digits or base64 of exactly 32 bytes; none configured: the development key', () => {
    expect(parseSecretKey(a.toString('hex'))!.equals(a)).toBe(true);
    expect(parseSecretKey(a.toString('base64'))!.equals(a)).toBe(true);
    expect(parseSecretKey(a.toString('base64url'))!.equals(a)).toBe(true);
    for (const bad of ['', 'abc', Buffer.alloc(16).toString('hex'), Buffer.alloc(33).toString('base64')]) expect(parseSecretKey(bad), bad).toBeUndefined();
    const dev = createKeyring([]);
    expect(dev.development).toBe(true);
    expect(dev.current.key.equals(DEVELOPMENT_SECRETS_KEY)).toBe(true);
  });
});
