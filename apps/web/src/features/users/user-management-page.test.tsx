import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import UserManagementPage from './user-management-page';

const ok = (data: unknown, message = 'OK') => envelope(data, { message });
const staffUser = {
  id: '00000000-0000-4000-8000-0000000000aa',
  accountId: '00000000-0000-4000-8000-0000000000aa',
  fullName: 'Lan Tran',
  userName: 'lan',
  email: 'lan@example.com',
  phone: null,
  gender: null,
  dateOfBirth: null,
  department: 'Support',
  role: { code: 'EXR-CUSTOMER-SERVICE', name: 'Customer service', kind: 'staff' },
  tier: 'gold',
  status: 'active',
  allowCheckin: false,
  createdAt: '2026-01-02T03:04:05.000Z',
};

function stub() {
  return fakeApi(({ url }) => {
    if (url.includes('/admin/list-role-for-filter')) return ok([{ code: 'EXR-CUSTOMER-SERVICE', name: 'Customer service', kind: 'staff' }, { code: 'EXR-ADMIN', name: 'Admin', kind: 'staff' }]);
    if (url.includes('/admin/users-management')) return ok({ items: [staffUser], total: 1, pageIndex: 1, totalItem: 10 });
    if (url.includes('/admin/change-status-user')) return ok(null, 'User status changed.');
    if (url.includes('/admin/get-user-activity')) {
      return ok({
        items: [
          { _id: 'a2', at: '2026-01-03T04:00:00.000Z', operationId: 'updateProfile', summary: 'Update your profile', method: 'PUT', route: '/profile', params: {}, status: 200, ip: '10.0.0.9', userAgent: '' },
          { _id: 'a1', at: '2026-01-03T03:00:00.000Z', operationId: 'login', summary: 'Sign in', method: 'POST', route: '/login', params: {}, status: 200, ip: '10.0.0.9', userAgent: '' },
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      });
    }
    if (url.includes('/admin/account/create')) return failure(409, 'EMAIL_TAKEN', 'This email is already in use.', { errors: [{ field: 'email', message: 'error.EMAIL_TAKEN' }] });
    return ok(null);
  });
}

const render = (path = '/app/user-management') => renderRoutes([{ path: '/app/user-management', element: <UserManagementPage /> }], path);

describe('user management screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists users with the URL filters and the last 7 days by default', async () => {
    const sent = stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    render('/app/user-management?role=EXR-CUSTOMER-SERVICE&keyword=lan');
    expect(await screen.findByText('lan@example.com', {}, { timeout: 10_000 })).toBeTruthy();
    const listCall = sent.find((s) => s.url.includes('/admin/users-management'))!;
    const q = listCall.search;
    expect(q.get('role')).toBe('EXR-CUSTOMER-SERVICE');
    expect(q.get('keyword')).toBe('lan');
    const days = (Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)) / 86_400_000;
    expect(Math.round(days)).toBe(8);
  });

  it('asks before deactivating, then sends the change', async () => {
    const sent = stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 10_000 }));
    expect(await screen.findByText(/Deactivate lan@example.com\?/)).toBeTruthy();
    expect(sent.some((s) => s.url.includes('/admin/change-status-user'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('/admin/change-status-user'))?.body).toEqual({ userId: staffUser.id, status: 'inactive' }));
  });

  it('speaks Vietnamese: role chips and the role filter, the Check-in column', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    session.setLanguage('vi');
    try {
      render();
      expect(await screen.findByText('lan@example.com', {}, { timeout: 10_000 })).toBeTruthy();
      const row = screen.getByText('lan@example.com').closest('tr')!;
      expect(within(row).getByText('Chăm sóc khách hàng')).toBeTruthy();
      expect(within(row).queryByText('Customer service')).toBeNull();
      expect(screen.getByRole('columnheader', { name: 'Nhập kho' })).toBeTruthy();
      expect(screen.queryByRole('columnheader', { name: 'Check-in' })).toBeNull();
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Vai trò' }));
      await waitFor(() => expect([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.title)).toEqual(['Tất cả vai trò', 'Chăm sóc khách hàng', 'Quản trị viên']));
    } finally {
      session.setLanguage('en');
    }
  });

  it('the Deactivate tooltip closes while its confirmation is open, so it never covers the confirm button', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    render();
    const button = await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 10_000 });
    const openTooltips = () => [...document.querySelectorAll('.ant-tooltip')].filter((el) => !el.classList.contains('ant-tooltip-hidden') && el.textContent === 'Deactivate');
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(openTooltips()).toHaveLength(1));
    fireEvent.click(button);
    expect(await screen.findByText(/Deactivate lan@example.com\?/)).toBeTruthy();
    await waitFor(() => expect(openTooltips()).toHaveLength(0));
    // Still hovered: the tooltip stays away until the confirmation closes.
    fireEvent.mouseEnter(button);
    await new Promise((r) => setTimeout(r, 300));
    expect(openTooltips()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it("the edit drawer shows the user's activity, newest first", async () => {
    const sent = stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit lan@example.com' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Update your profile', {}, { timeout: 10_000 })).toBeTruthy();
    const rows = within(drawer).getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.findIndex((r) => r.includes('Update your profile'))).toBeLessThan(rows.findIndex((r) => r.includes('Sign in')));
    expect(within(drawer).getAllByText('10.0.0.9')).toHaveLength(2);
    expect(sent.find((c) => c.path === '/admin/get-user-activity')?.search.get('userId')).toBe(staffUser.id);
  });

  it('a viewer without EX-USER-MANAGE gets no actions', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST'] }));
    render();
    expect(await screen.findByText('lan@example.com', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New user/ })).toBeNull();
  });

  it('the create drawer puts the server\'s field error on its field', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: ['EX-USER-LIST', 'EX-USER-MANAGE'] }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: /New user/ }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('Full name'), { target: { value: 'Minh Le' } });
    fireEvent.change(within(drawer).getByLabelText('Email'), { target: { value: 'lan@example.com' } });
    fireEvent.change(within(drawer).getByLabelText('Password'), { target: { value: 'Staff#Passw0rd!' } });
    fireEvent.mouseDown(within(drawer).getByLabelText('Role'));
    fireEvent.click(await screen.findByTitle('Admin'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This email is already in use.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
