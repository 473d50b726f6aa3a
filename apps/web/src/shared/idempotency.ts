import { useMemo } from 'react';

// Money calls (Pay) send an Idempotency-Key: one key per payment attempt, the same key
// when the person retries that attempt (a click after a network error or a timeout), so the server
// pays once; a new key once the attempt has succeeded or the payload changed (other orders).

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class IdempotencyKeys {
  private current: { payload: string; key: string } | null = null;

  /** The key of this attempt: the same while the same payload is retried, a new one otherwise. */
  keyFor(payload: unknown): string {
    const p = JSON.stringify(payload);
    if (this.current?.payload !== p) this.current = { payload: p, key: newKey() };
    return this.current.key;
  }

  /** The attempt succeeded: the next click is a new payment with a new key. */
  done(): void {
    this.current = null;
  }
}

/** One IdempotencyKeys per mounted screen. */
export function useIdempotencyKeys(): IdempotencyKeys {
  return useMemo(() => new IdempotencyKeys(), []);
}
