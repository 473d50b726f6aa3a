import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './client';
import { parseReplyKey } from './encrypted-replies';

// Replies sealed with node:crypto exactly as the server's onSend hook seals them (docs/encrypted-replies.md):
// { iv: base64(12 bytes), data: base64(ciphertext || 16-byte GCM tag) } of the envelope's JSON.
const key = randomBytes(32);
function seal(body: unknown, withKey: Buffer = key) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', withKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: data.toString('base64') };
}
const reply = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('encrypted replies in the api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('opens an encrypted success reply with the build key (base64 or hex)', async () => {
    for (const written of [key.toString('base64'), key.toString('hex')]) {
      vi.stubEnv('VITE_RESPONSE_ENCRYPTION_KEY', written);
      vi.stubGlobal('fetch', reply(200, seal({ success: true, message: 'OK', data: { balance: 12.5, name: 'Tiệm Hoa' } })));
      const res = await request<{ balance: number; name: string }>('GET', '/wallet/imformation-wallet');
      expect(res).toEqual({ success: true, message: 'OK', data: { balance: 12.5, name: 'Tiệm Hoa' } });
    }
  });

  it('opens an encrypted error reply into an ApiError with its code and field errors', async () => {
    vi.stubEnv('VITE_RESPONSE_ENCRYPTION_KEY', key.toString('base64'));
    vi.stubGlobal('fetch', reply(400, seal({ success: false, code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', errors: [{ field: 'email', message: 'Invalid' }] })));
    const err = await request('POST', '/register', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', errors: [{ field: 'email', message: 'Invalid' }] });
  });

  it('a reply sealed under another key, or a build without a key, is a bad response', async () => {
    vi.stubEnv('VITE_RESPONSE_ENCRYPTION_KEY', key.toString('base64'));
    vi.stubGlobal('fetch', reply(200, seal({ success: true, message: 'OK', data: 1 }, randomBytes(32))));
    await expect(request('GET', '/me')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    vi.stubEnv('VITE_RESPONSE_ENCRYPTION_KEY', '');
    vi.stubGlobal('fetch', reply(200, seal({ success: true, message: 'OK', data: 1 })));
    await expect(request('GET', '/me')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('plain replies pass through untouched, key or not', async () => {
    vi.stubEnv('VITE_RESPONSE_ENCRYPTION_KEY', key.toString('base64'));
    vi.stubGlobal('fetch', reply(200, { success: true, message: 'OK', data: { iv: 'a field named iv', data: 'x' } }));
    expect((await request('GET', '/me')).data).toEqual({ iv: 'a field named iv', data: 'x' });
  });

  it('reads keys of 32 bytes only', () => {
    expect(parseReplyKey(key.toString('hex'))).toEqual(new Uint8Array(key));
    expect(parseReplyKey(key.toString('base64url'))).toEqual(new Uint8Array(key));
    expect(parseReplyKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseReplyKey('not a key')).toBeUndefined();
  });
});
