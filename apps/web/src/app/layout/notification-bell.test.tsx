import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useParams } from 'react-router';
import type { Notification } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../i18n';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { notificationTime } from '../../shared/notification-inbox';
import { NotificationBell } from './notification-bell';

// SPEC §2 Header bell, §4 unseen → seen, §7 /notifi/*, §8 read failure, §9 overflow 100 and popover 10.

const USER_ID = '00000000-0000-4000-8000-000000000001';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const note = (over: Partial<Notification>): Notification => ({
  id: 'n1',
  title: 'Product rejected',
  content: '“Cotton tee” was rejected: HS code does not match. Fix it and send it for approval again.',
  iconUrl: null,
  imageUrl: null,
  url: '/app/products/p-1',
  createdAt: minutesAgo(5),
  seen: false,
  ...over,
});

const ITEMS: Notification[] = [
  note({}),
  note({ id: 'n2', title: 'Product accepted', content: '“Mug” was accepted and can now be used in orders.', url: null, seen: true, createdAt: minutesAgo(60 * 26) }),
  note({ id: 'n3', title: 'Welcome to ExShip', content: 'Your account is ready.', url: null, seen: false, createdAt: '2026-01-02T03:04:05.000Z' }),
];

interface Api {
  unseen: number;
  items: Notification[];
  total?: number;
  seenReply?: (body: { id?: string }) => Response;
}

/** A fetch stub for /notifi/*: keeps the unseen count like the server, records every call. */
function stubNotifications(api: Api) {
  const calls = fakeApi(({ method, url, search, body }) => {
    if (url.startsWith('/api/v1/notifi/count-unseen')) return envelope({ count: api.unseen });
    if (url.startsWith('/api/v1/notifi/user')) {
      const page = Number(search.get('current'));
      // Later pages: older copies, told apart by their title.
      const items = page > 1 ? api.items.map((n) => ({ ...n, id: `${n.id}-p${page}`, title: `Older: ${n.title}` })) : api.items;
      return envelope({ items, page, pageSize: 10, total: api.total ?? api.items.length, unseen: api.unseen });
    }
    if (url === '/api/v1/notifi/update-seen' && method === 'PATCH') {
      const seen = (body ?? {}) as { id?: string };
      const reply = api.seenReply?.(seen);
      if (reply) return reply;
      if (seen.id) {
        const item = api.items.find((n) => n.id === seen.id);
        if (item && !item.seen) api.unseen -= 1;
      } else api.unseen = 0;
      return envelope({ count: api.unseen });
    }
    return undefined;
  });
  return { calls };
}

function ProductPage() {
  return <h1>Product {useParams().productId}</h1>;
}

function renderBell() {
  // Like the app layout: the header (with the bell) stays while the screen below changes.
  const layout = (
    <>
      <NotificationBell userId={USER_ID} timeZone="+07:00" />
      <Outlet />
    </>
  );
  return renderRoutes(
    [
      {
        element: layout,
        children: [
          { path: '/app/dashboard', element: <h1>Dashboard</h1> },
          { path: '/app/products/:productId', element: <ProductPage /> },
        ],
      },
    ],
    '/app/dashboard',
  );
}

// The bell and the popover list by attribute: role queries walk the whole page in jsdom (slow).
// Named "Notifications", followed by the badge's number when there is one (label in name).
const bell = () => {
  const found = [...document.querySelectorAll<HTMLElement>('button[aria-haspopup="dialog"][aria-label^="Notifications"]')].find((b) =>
    /^Notifications( \d+\+?)?$/.test(b.getAttribute('aria-label') ?? ''),
  );
  if (!found) throw new Error('no bell');
  return found;
};
/** The number on the badge, or null when there is none. */
const badgeText = () => bell().querySelector('.ant-badge-count')?.getAttribute('title') ?? null;
const popoverList = () =>
  waitFor(
    () => {
      const found = document.querySelector<HTMLElement>('.exn-popover:not(.ant-popover-hidden) ul[aria-label="Notifications"]');
      if (!found) throw new Error('popover list not open yet');
      return found;
    },
    { timeout: 5_000 },
  );

describe('NotificationBell', () => {
  beforeEach(() => {
    session.signIn('token-1', makeProfile());
    void i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows the unread count on the badge, capped at 100+', async () => {
    stubNotifications({ unseen: 7, items: ITEMS });
    const first = renderBell();
    await waitFor(() => expect(badgeText()).toBe('7'), { timeout: 10_000 });
    first.unmount();

    stubNotifications({ unseen: 150, items: ITEMS });
    renderBell();
    await waitFor(() => expect(bell().querySelector('.ant-badge-count')?.textContent).toBe('100+'), { timeout: 10_000 });
    // Named "Notifications 100+": the name holds the badge's visible text (label in name).
    expect(bell().getAttribute('aria-label')).toBe('Notifications 100+');
    // The button keeps its name; the count is its description.
    expect(bell().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(bell().getAttribute('aria-describedby')!)?.textContent).toBe('150 unread');
  });

  it('lists the newest notifications: unseen ones marked, relative and formatted times', async () => {
    const { calls } = stubNotifications({ unseen: 2, items: ITEMS });
    renderBell();
    await waitFor(() => expect(badgeText()).toBe('2'));
    fireEvent.click(bell());
    const list = await popoverList();
    expect(calls.some((c) => c.url === '/api/v1/notifi/user?current=1&pageSize=10')).toBe(true);

    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    // With a url the item is a link to it; without one, a button.
    const rejected = within(rows[0]!).getByRole('link');
    expect(rejected.getAttribute('href')).toBe('/app/products/p-1');
    expect(rejected.textContent).toContain('Product rejected');
    expect(rejected.textContent).toContain('HS code does not match');
    expect(rejected.textContent).toContain('5 minutes ago');
    expect(rejected.textContent).toContain('Unread');
    expect(rejected.className).toContain('is-unseen');

    const accepted = within(rows[1]!).getByRole('button');
    expect(accepted.className).not.toContain('is-unseen');
    expect(accepted.textContent).toContain('yesterday');
    expect(accepted.textContent).not.toContain('Unread');
    // Older than 7 days: DD-MM-YYYY HH:mm:ss in the user's offset (+07:00).
    expect(within(rows[2]!).getByRole('button').textContent).toContain('02-01-2026 10:04:05');

    expect(screen.getByRole('button', { name: /Mark all as read/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View all' })).toBeTruthy();
  });

  it('clicking an item marks it seen with its id, drops the count, closes and opens its url', async () => {
    const { calls } = stubNotifications({ unseen: 2, items: ITEMS.map((n) => ({ ...n })) });
    const { router } = renderBell();
    await waitFor(() => expect(badgeText()).toBe('2'));
    fireEvent.click(bell());
    const list = await popoverList();
    fireEvent.click(within(list).getByRole('link', { name: /Product rejected/ }));

    expect(await screen.findByRole('heading', { name: 'Product p-1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/products/p-1');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map(({ method, url, body }) => ({ method, url, body: body as unknown }))).toEqual([{ method: 'PATCH', url: '/api/v1/notifi/update-seen', body: { id: 'n1' } }]));
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(badgeText()).toBe('1'));
  });

  it('a failed read shows the server message and puts the count back', async () => {
    stubNotifications({
      unseen: 2,
      items: ITEMS,
      seenReply: () => failure(404, 'NOTIFICATION_NOT_FOUND', 'Notification not found.'),
    });
    renderBell();
    await waitFor(() => expect(badgeText()).toBe('2'));
    fireEvent.click(bell());
    fireEvent.click(within(await popoverList()).getByRole('button', { name: /Welcome to ExShip/ }));
    expect(await screen.findByText('Notification not found.')).toBeTruthy();
    await waitFor(() => expect(badgeText()).toBe('2'));
  });

  it('marks all as read', async () => {
    const { calls } = stubNotifications({ unseen: 2, items: ITEMS.map((n) => ({ ...n })) });
    renderBell();
    await waitFor(() => expect(badgeText()).toBe('2'));
    fireEvent.click(bell());
    const list = await popoverList();
    fireEvent.click(screen.getByRole('button', { name: /Mark all as read/ }));
    await waitFor(() => expect(badgeText()).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{}]);
    expect(list.querySelectorAll('.is-unseen')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Mark all as read/ })).toBeNull();
  });

  it('shows the empty state', async () => {
    stubNotifications({ unseen: 0, items: [] });
    renderBell();
    fireEvent.click(bell());
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(badgeText()).toBeNull();
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull();
  });

  it('View all opens a modal that pages through every notification, 10 a page', async () => {
    const { calls } = stubNotifications({ unseen: 2, items: ITEMS, total: 13 });
    renderBell();
    fireEvent.click(bell());
    await popoverList();
    fireEvent.click(screen.getByRole('button', { name: 'View all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('2 unread')).toBeTruthy();
    expect(await within(dialog).findByRole('link', { name: /^Product rejected/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByTitle('2'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/notifi/user?current=2&pageSize=10')).toBe(true));
    expect(await within(dialog).findByRole('link', { name: /Older: Product rejected/ })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /^Product rejected/ })).toBeNull();
    expect(within(within(dialog).getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('notificationTime', () => {
  const t = ((key: string) => (key === 'header.notifications.justNow' ? 'Just now' : key)) as Parameters<typeof notificationTime>[4];
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it('is relative under 7 days and DD-MM-YYYY HH:mm:ss in the user offset after', () => {
    expect(notificationTime('2026-03-10T11:59:30.000Z', now, 'en', '+07:00', t)).toBe('Just now');
    expect(notificationTime('2026-03-10T11:45:00.000Z', now, 'en', '+07:00', t)).toBe('15 minutes ago');
    expect(notificationTime('2026-03-10T09:00:00.000Z', now, 'en', '+07:00', t)).toBe('3 hours ago');
    expect(notificationTime('2026-03-03T12:00:01.000Z', now, 'en', '+07:00', t)).toBe('6 days ago');
    expect(notificationTime('2026-03-03T12:00:00.000Z', now, 'en', '+07:00', t)).toBe('03-03-2026 19:00:00');
    expect(notificationTime('2026-03-03T12:00:00.000Z', now, 'en', '-05:00', t)).toBe('03-03-2026 07:00:00');
    expect(notificationTime('2026-03-10T10:00:00.000Z', now, 'vi', '+07:00', t)).toBe('2 giờ trước');
  });
});
