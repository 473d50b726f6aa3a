import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks v1 signing (standardwebhooks.com): the signed content is "{id}.{timestamp}.{body}",
// the key is the base64-decoded part of the whsec_ secret, the signature `v1,<base64 HMAC-SHA256>`;
// several signatures are space-separated (a rotation sends the new and the old one).

export const SECRET_PREFIX = 'whsec_';

/** A new secret: 32 random bytes (the spec asks for 24 to 64), as `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function signatureOf(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt, signed with every secret given (newest first). */
export function signedHeaders(secrets: readonly string[], msgId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signatureOf(s, msgId, timestampSeconds, body)).join(' '),
  };
}
