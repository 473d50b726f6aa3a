import { describe, expect, it } from 'vitest';
import { IdempotencyKeys } from './idempotency';

describe('IdempotencyKeys', () => {
  it('reuses the key while the same payment is retried, and starts a new one after success or for other orders', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor(['o1', 'o2']);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys.keyFor(['o1', 'o2'])).toBe(first);
    const other = keys.keyFor(['o3']);
    expect(other).not.toBe(first);
    keys.done();
    expect(keys.keyFor(['o3'])).not.toBe(other);
  });
});
