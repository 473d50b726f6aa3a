import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, ROLES, rolePermissions } from './permissions';

describe('EX-ACT-FOR-CUSTOMER (see and act on any customer account)', () => {
  it('is a catalog code', () => {
    expect(PERMISSION_CODES).toContain('EX-ACT-FOR-CUSTOMER');
  });
  it('is held by default by every staff role and by no seller role', () => {
    for (const role of ROLES) expect(rolePermissions(role).includes('EX-ACT-FOR-CUSTOMER'), role.code).toBe(role.kind === 'staff');
  });
});
