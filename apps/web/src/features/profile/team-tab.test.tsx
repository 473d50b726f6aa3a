import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../../app/i18n';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderWithProviders } from '../../test/render';
import { PHONE_QUERY } from '../../shared/use-media-query';
import './locales';
import { TeamTab } from './team-tab';

// Profile → Team: the seeded sub-seller roles speak the page's language, and a phone gets one card
// per member (the table showed only its first two columns at 390 px).

const member = (id: string, email: string, roleCode: string, roleName: string, status: Member['status']): Member => ({
  _id: id,
  email,
  fullName: null,
  role: { code: roleCode, name: roleName },
  status,
  invitedAt: '2026-03-01T02:00:00.000Z',
  expiresAt: null,
  confirmedAt: status === 'confirmed' ? '2026-03-02T02:00:00.000Z' : null,
});
const MEMBERS = [member('m1', 'lan@example.com', 'EXR-MANAGER', 'Manager', 'confirmed'), member('m2', 'minh@example.com', 'EXR-SUPPORT', 'Support', 'pending')];
const ROLES = [
  { code: 'EXR-MANAGER', name: 'Manager', permissions: [], assignable: true },
  // Holds a right the caller lacks: not offered.
  { code: 'EXR-ACCOUNTANT', name: 'Accountant', permissions: [], assignable: false },
  { code: 'EXR-SELLER-ACCOUNTANT', name: 'Seller accountant', permissions: [], assignable: true },
  { code: 'EXR-SUPPORT', name: 'Support', permissions: [], assignable: true },
];

/** A phone: only the phone query (max-width) matches. */
function phoneScreen() {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === PHONE_QUERY });
  return () => {
    window.matchMedia = matchMedia;
  };
}

describe('team tab', () => {
  let restore = () => {};
  beforeEach(() => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-TEAM-MEMBER-MANAGE'] }));
    fakeApi(({ path }) => {
      if (path === '/members/list') return envelope(MEMBERS);
      if (path === '/role/sub-seller-role') return envelope(ROLES);
      return undefined;
    });
  });
  afterEach(() => {
    restore();
    restore = () => {};
    vi.unstubAllGlobals();
    session.clear();
    void i18n.changeLanguage('en');
  });

  it('names the seeded sub-seller roles in Vietnamese', async () => {
    session.setLanguage('vi');
    renderWithProviders(<TeamTab />);
    expect(await screen.findByText('Quản lý')).toBeTruthy();
    expect(screen.getByText('Hỗ trợ')).toBeTruthy();
    expect(screen.queryByText('Manager')).toBeNull();
    expect(screen.queryByText('Support')).toBeNull();
  });

  it('shows every column of a member as a card on a phone', async () => {
    restore = phoneScreen();
    renderWithProviders(<TeamTab />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(document.querySelector('table')).toBeNull();
    const pending = within(cards[1]!);
    expect(pending.getByText('minh@example.com')).toBeTruthy();
    expect(pending.getByText('Status')).toBeTruthy();
    expect(pending.getByText('Pending')).toBeTruthy();
    expect(pending.getByText('Invited')).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it("shows when a member was invited in the viewer's own offset", async () => {
    session.setProfile(makeProfile({ permissions: ['EX-TEAM-MEMBER-MANAGE'], timeZone: '-05:00' }));
    renderWithProviders(<TeamTab />);
    // 2026-03-01 02:00 UTC is the evening before in New York.
    expect((await screen.findAllByText('28-02-2026 21:00:00')).length).toBe(2);
    expect(screen.queryByText('01-03-2026 09:00:00')).toBeNull();
  });

  it('the invite form offers only the roles the caller may give; a member\'s role list shows the others disabled', async () => {
    renderWithProviders(<TeamTab />);
    await screen.findByText('lan@example.com');
    const optionsShown = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    await waitFor(() => expect(optionsShown().map((o) => o.title)).toEqual(['Manager', 'Seller accountant', 'Support']));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Role' }), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of lan@example.com' }));
    await waitFor(() => expect(optionsShown().find((o) => o.title === 'Accountant')?.getAttribute('aria-disabled')).toBe('true'));
  });
});
