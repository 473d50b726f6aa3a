import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Permission, Resource, Role } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { PHONE_QUERY } from '../../shared/use-media-query';
import en from './locales/en.json';
import viBundle from './locales/vi.json';
import RolePage from './role-page';

// SPEC §2 /app/setting-user/role with the API mocked: the table, a seeded role's delete disabled,
// a new role saved with permissions picked in the tree (search, a whole resource), the matrix.

const role = (code: string, name: string, extra: Partial<Role> = {}): Role => ({
  id: `00000000-0000-4000-8000-${String(code.length).padStart(12, '0')}`,
  code,
  name,
  description: null,
  kind: 'staff',
  parentCode: null,
  seeded: false,
  usersCount: 0,
  permissions: [],
  ...extra,
});
const admin = role('EXR-SUPER-ADMIN', 'Super admin', { seeded: true, usersCount: 2, permissions: ['EX-ROLE-LIST', 'EX-ROLE-MANAGE'] });
const packer = role('EXR-PACKER', 'Packer', { parentCode: 'EXR-SUPER-ADMIN', id: '00000000-0000-4000-8000-0000000000b1' });
const resources: Resource[] = [
  { code: 'RS-ACCESS', name: 'Access', description: null, parentCode: null, builtIn: true, permissionsCount: 2 },
  { code: 'RS-ORDER', name: 'Orders', description: null, parentCode: null, builtIn: true, permissionsCount: 2 },
];
const perm = (code: string, description: string, resourceCode: string): Permission => ({ code, description, resourceCode, builtIn: true, rolesCount: 0 });
const permissions = [perm('EX-ROLE-LIST', 'List roles', 'RS-ACCESS'), perm('EX-ROLE-MANAGE', 'Manage roles', 'RS-ACCESS'), perm('EX-ORDER-LIST', 'List orders', 'RS-ORDER'), perm('EX-ORDER-CANCEL', 'Cancel orders', 'RS-ORDER')];

describe('role screen', () => {
  let calls: ApiCall[] = [];
  beforeEach(() => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-ROLE-LIST', 'EX-ROLE-MANAGE'], role: { name: 'Super admin', code: 'EXR-SUPER-ADMIN', kind: 'staff' } }));
    calls = fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/roles') return envelope(role('EXR-AUDITOR', 'Auditor', { id: '00000000-0000-4000-8000-0000000000c1' }), { status: 201, message: 'Role created.' });
      if (method === 'PUT' && path.endsWith('/permissions')) return envelope(role('EXR-AUDITOR', 'Auditor'), { message: 'Permissions saved.' });
      if (path === '/roles/matrix') return envelope({ roles: [{ code: admin.code, name: admin.name }, { code: packer.code, name: packer.name }], permissions, grants: { [admin.code]: admin.permissions, [packer.code]: [] } });
      if (path === '/roles') return envelope([admin, packer]);
      if (path === '/resources') return envelope(resources);
      if (path === '/permissions') return envelope(permissions);
      return envelope(null);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('has the same keys in en and vi', () => {
    expect(Object.keys(viBundle).sort()).toEqual(Object.keys(en).sort());
  });

  it('lists the roles; a seeded role cannot be deleted, another asks for a confirmation', async () => {
    renderRoutes([{ path: '/app/setting-user/role', element: <RolePage /> }], '/app/setting-user/role');
    const row = (await screen.findByText('EXR-PACKER')).closest('tr')!;
    expect(within(row).getByText('Packer')).toBeTruthy();
    expect(within(row).getByText('EXR-SUPER-ADMIN')).toBeTruthy();
    const seededRow = screen.getAllByText('EXR-SUPER-ADMIN').map((el) => el.closest('tr')!).find((tr) => within(tr).queryByText('Super admin'))!;
    expect(within(seededRow).getByRole('button', { name: 'Delete EXR-SUPER-ADMIN' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete EXR-PACKER' }));
    expect(await screen.findByText('Delete EXR-PACKER?')).toBeTruthy();
  });

  it('a seeded role reads in Vietnamese; a role staff created keeps its name', async () => {
    session.setLanguage('vi');
    try {
      renderRoutes([{ path: '/app/setting-user/role', element: <RolePage /> }], '/app/setting-user/role');
      const row = (await screen.findByText('EXR-PACKER')).closest('tr')!;
      expect(within(row).getByText('Packer')).toBeTruthy();
      expect(await screen.findByText('Quản trị viên cấp cao')).toBeTruthy();
      expect(screen.queryByText('Super admin')).toBeNull();
    } finally {
      session.setLanguage('en');
    }
  });

  it('shows each role as a card on a phone, with every column and its actions', async () => {
    // A phone: only the phone query (max-width) matches; the table showed only two columns at 390 px.
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === PHONE_QUERY });
    try {
      renderRoutes([{ path: '/app/setting-user/role', element: <RolePage /> }], '/app/setting-user/role');
      const card = (await screen.findByText('Packer')).closest<HTMLElement>('[role="listitem"]')!;
      expect(document.querySelector('table')).toBeNull();
      for (const label of ['Code', 'Parent', 'Users', 'Permissions']) expect(within(card).getByText(label)).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Delete EXR-PACKER' })).toBeTruthy();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('creates a role with the permissions picked in the tree: a search, then a whole resource', async () => {
    renderRoutes([{ path: '/app/setting-user/role', element: <RolePage /> }], '/app/setting-user/role');
    await screen.findByText('EXR-PACKER');
    fireEvent.click(screen.getByRole('button', { name: /New role/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Auditor' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'exr-auditor' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' Reads the books ' } });
    // The search narrows the tree to the matching permission.
    fireEvent.change(screen.getByPlaceholderText('Search permissions'), { target: { value: 'cancel' } });
    await waitFor(() => expect(screen.queryByText('List roles — EX-ROLE-LIST')).toBeNull());
    fireEvent.click(await screen.findByText('Cancel orders — EX-ORDER-CANCEL'));
    // Cleared, the whole Access resource is checked at once.
    fireEvent.change(screen.getByPlaceholderText('Search permissions'), { target: { value: '' } });
    fireEvent.click(await screen.findByText('Access (RS-ACCESS)'));
    expect(await screen.findByText('3 permission(s) selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/permissions'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ code: 'EXR-AUDITOR', name: 'Auditor', description: 'Reads the books', parentCode: null });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/roles/00000000-0000-4000-8000-0000000000c1/permissions', body: { codes: ['EX-ORDER-CANCEL', 'EX-ROLE-LIST', 'EX-ROLE-MANAGE'] } });
    expect(await screen.findByText('Permissions saved.')).toBeTruthy();
    // A drawer, a tree and two saves: slow on a loaded two-core machine.
  }, 60_000);

  it('shows the matrix with an export button', async () => {
    renderRoutes([{ path: '/app/setting-user/role', element: <RolePage /> }], '/app/setting-user/role');
    fireEvent.click(await screen.findByRole('tab', { name: 'Matrix' }));
    expect(await screen.findByRole('button', { name: /Export xlsx/ })).toBeTruthy();
    const row = (await screen.findByText('EX-ROLE-MANAGE')).closest('tr')!;
    expect(within(row).getAllByLabelText('Granted')).toHaveLength(1);
  });
});
