import { describe, expect, it } from 'vitest';
import { keyPermissions } from './apikeys.service';

// What a key may do is its scope intersected with its creator's permissions as they are now.
describe('keyPermissions', () => {
  const creator = ['EX-ORDER-LIST', 'EX-ORDER-CREATE', 'EX-PRODUCT-LIST', 'EX-API-KEY-GENERATE'];
  it('all: every code the creator holds, writable, except the API key permission', () => {
    const k = keyPermissions({ kind: 'all' }, creator);
    expect([...k.permissions].sort()).toEqual(['EX-ORDER-CREATE', 'EX-ORDER-LIST', 'EX-PRODUCT-LIST']);
    expect(k.writable).toEqual(k.permissions);
    expect(k.fullScope).toBe(true);
  });
  it('groups: read-only codes are readable, not writable; codes the creator lacks never appear', () => {
    const k = keyPermissions({ kind: 'groups', groups: [{ resource: 'RS-ORDER', access: 'read' }, { resource: 'RS-PRODUCT', access: 'write' }, { resource: 'RS-USER', access: 'write' }] }, creator);
    expect([...k.permissions].sort()).toEqual(['EX-ORDER-CREATE', 'EX-ORDER-LIST', 'EX-PRODUCT-LIST']);
    expect([...k.writable]).toEqual(['EX-PRODUCT-LIST']);
    expect(k.fullScope).toBe(false);
  });
  it('a creator who loses a code loses it on the key', () => {
    const k = keyPermissions({ kind: 'all' }, ['EX-ORDER-LIST']);
    expect([...k.permissions]).toEqual(['EX-ORDER-LIST']);
  });
});
