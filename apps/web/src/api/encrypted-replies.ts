// SPEC §7 "Response bodies may be encrypted" (docs/encrypted-replies.md): a reply `{ iv, data }` is
// base64(12-byte nonce) and base64(AES-256-GCM ciphertext || 16-byte tag) of the usual envelope's
// JSON. The key comes with the build (VITE_RESPONSE_ENCRYPTION_KEY): anyone who loads the app has
// it, so this keeps bodies out of casual sight and is no security boundary.

export interface EncryptedReply {
  iv: string;
  data: string;
}

export const isEncryptedReply = (body: unknown): body is EncryptedReply => {
  const b = body as Partial<EncryptedReply> | null;
  return typeof b === 'object' && b !== null && typeof b.iv === 'string' && typeof b.data === 'string' && !('success' in b);
};

/** 32 bytes written as 64 hex digits or base64 (the server's RESPONSE_ENCRYPTION_KEY), else undefined. */
export function parseReplyKey(raw: string | undefined): Uint8Array<ArrayBuffer> | undefined {
  const v = raw?.trim() ?? '';
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Uint8Array.from(v.match(/../g)!, (h) => parseInt(h, 16));
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const bytes = fromBase64(v.replace(/-/g, '+').replace(/_/g, '/'));
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

let imported: { raw: string; key: Promise<CryptoKey> } | undefined;

/** The build's key as a WebCrypto key (imported once), or undefined when the build has none. */
function replyKey(): Promise<CryptoKey> | undefined {
  const raw = import.meta.env.VITE_RESPONSE_ENCRYPTION_KEY as string | undefined;
  if (!raw) return undefined;
  if (imported?.raw !== raw) {
    const bytes = parseReplyKey(raw);
    if (!bytes) throw new Error('VITE_RESPONSE_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or as base64');
    imported = { raw, key: crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['decrypt']) };
  }
  return imported.key;
}

/** The JSON inside an encrypted reply; throws when the build has no key or the reply does not open. */
export async function openEncryptedReply(reply: EncryptedReply): Promise<unknown> {
  const key = replyKey();
  if (!key) throw new Error('the server encrypts its replies, but this build has no VITE_RESPONSE_ENCRYPTION_KEY');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(reply.iv) }, await key, fromBase64(reply.data));
  return JSON.parse(new TextDecoder().decode(plain));
}
