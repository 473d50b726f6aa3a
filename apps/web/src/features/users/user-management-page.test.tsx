import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { makeProfile, renderRoutes } from '../../test/render';
import UserManagementPage from './user-management-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message = 'OK') => json({ success: true, message, data });
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

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function stub() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/admin/list-role-for-filter')) return ok([{ code: 'EXR-CUSTOMER-SERVICE', name: 'Customer service', kind: 'staff' }, { code: 'EXR-ADMIN', name: 'Admin', kind: 'staff' }]);
      if (url.includes('/admin/users-management')) return ok({ items: [staffUser], total: 1, pageIndex: 1, totalItem: 10 });
      if (url.includes('/admin/change-status-user')) return ok(null, 'User status changed.');
      if (url.includes('/admin/account/create')) {
        return json({ success: false, code: 'EMAIL_TAKEN', message: 'This email is already in use.', errors: [{ field: 'email', message: 'error.EMAIL_TAKEN' }] }, 409);
      }
      return ok(null);
    }),
  );
  return sent;
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
    const q = new URL(listCall.url, 'http://x').searchParams;
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
