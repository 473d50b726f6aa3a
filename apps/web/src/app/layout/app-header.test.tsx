import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { session } from '../../api/session';
import i18n from '../i18n';
import { ALL_PERMISSIONS, makeProfile, renderRoutes, stubApi } from '../../test/render';
import '../../features/catalog/locales';
import '../../features/discounts/locales';
import './locales';
import { AppHeader } from './app-header';

// Built-in role names and the discount time zones speak Vietnamese in a Vietnamese page.
describe('texts of a Vietnamese page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    void i18n.changeLanguage('en');
  });

  it('the header names a built-in role in Vietnamese', async () => {
    const profile = makeProfile({ language: 'vi' });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    session.setLanguage('vi');
    renderRoutes([{ path: '/app/dashboard', element: <AppHeader profile={profile} collapsed={false} onToggleMenu={() => {}} compact={false} /> }], '/app/dashboard');
    expect(await screen.findByText('Khách hàng')).toBeTruthy();
    expect(screen.queryByText('Customer')).toBeNull();
    expect(screen.getByRole('button', { name: /^Menu tài khoản: SS Sam Seller Khách hàng$/ })).toBeTruthy();
  });

  it('a custom role keeps the name staff gave it', async () => {
    const profile = makeProfile({ language: 'vi', role: { name: 'Kho Hà Nội', code: 'EXR-CUSTOM-HN', kind: 'staff' } });
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    session.setLanguage('vi');
    renderRoutes([{ path: '/app/dashboard', element: <AppHeader profile={profile} collapsed={false} onToggleMenu={() => {}} compact={false} /> }], '/app/dashboard');
    expect(await screen.findByText('Kho Hà Nội')).toBeTruthy();
  });

  it('discount time zones have Vietnamese names', () => {
    const tVi = i18n.getFixedT('vi');
    expect(tVi('discount.timeZone.+00:00')).toBe('GMT+00:00 Tây Âu');
    expect(i18n.getFixedT('en')('discount.timeZone.+00:00')).toBe('GMT+00:00 Western Europe');
  });
});

// Staff have no wallet: even the super admin, who holds every permission, sees no balance boxes.
describe('wallet boxes in the header', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const renderHeader = (profile: ReturnType<typeof makeProfile>) => {
    vi.stubGlobal('fetch', vi.fn(stubApi(profile)));
    session.signIn('token-1', profile);
    renderRoutes([{ path: '/app/dashboard', element: <AppHeader profile={profile} collapsed={false} onToggleMenu={() => {}} compact={false} /> }], '/app/dashboard');
  };

  it('a seller sees the balance and the unpaid amount', async () => {
    renderHeader(makeProfile());
    expect(await screen.findByRole('group', { name: 'Wallet' })).toBeTruthy();
    expect(screen.getByText('Balance')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
  });

  it("a seller's team member sees the seller's wallet", async () => {
    renderHeader(makeProfile({ role: { name: 'Manager', code: 'EXR-MANAGER', kind: 'customer' } }));
    expect(await screen.findByRole('group', { name: 'Wallet' })).toBeTruthy();
  });

  it('the super admin sees no wallet boxes', async () => {
    renderHeader(makeProfile({ fullName: 'Ada Admin', role: { name: 'Super Admin', code: 'EXR-SUPER-ADMIN', kind: 'staff' }, permissions: ALL_PERMISSIONS }));
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Wallet' })).toBeNull();
    expect(screen.queryByText('Balance')).toBeNull();
    expect(screen.queryByText('Unpaid')).toBeNull();
  });
});
