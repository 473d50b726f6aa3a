import { createCipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HealthEndpoint } from '@exship/contracts';
import { API_PREFIX } from './http';

// SPEC §7 "Response bodies may be encrypted" (docs/encrypted-replies.md): with RESPONSE_ENCRYPTION_KEY
// set, every /api/v1 JSON reply — success or error — is sent as
//
//   { "iv": base64(12 random bytes), "data": base64(AES-256-GCM ciphertext || 16-byte tag) }
//
// of the UTF-8 JSON the route would have sent (no additional authenticated data). That is the
// layout WebCrypto's AES-GCM decrypt takes as is. Files (xlsx, PDF, ZPL) and the health probe are
// left alone. The key also reaches the browser, so this hides bodies from casual inspection only.

const IV_BYTES = 12;
const HEALTH_URL = API_PREFIX + HealthEndpoint.path;

/** `{ iv, data }` for one JSON text, under a fresh random nonce. */
export function encryptReply(key: Buffer, json: string): { iv: string; data: string } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: sealed.toString('base64') };
}

const isJson = (reply: FastifyReply) => /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Registered only when the key is set, so a server without it runs no hook at all (the quote's
 * throughput is measured with and without). Add before the routes and the not-found handler.
 */
export function registerEncryptedReplies(app: FastifyInstance, key: Buffer): void {
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    // A file is a Buffer or a stream; JSON has been serialized to a string by now.
    if (typeof payload !== 'string' || !req.url.startsWith(API_PREFIX) || req.routeOptions.url === HEALTH_URL || !isJson(reply)) return done(null, payload);
    done(null, JSON.stringify(encryptReply(key, payload)));
  });
}
