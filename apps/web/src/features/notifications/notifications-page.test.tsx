import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { Notification, NotificationCampaign } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../../app/i18n';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { fromWallClock, toCampaignBody, toWallClock, type CampaignForm } from './campaign-form';
import NotificationsPage from './notifications-page';

// SPEC §2 /app/setting-user/notifications, §3 Notification (admin fields), §4 waiting → sent,
// §7 /notifi, /notifi/new, /notifi-system/update-stt, /notifi/user; §8 the server's message.

const PATH = '/app/setting-user/notifications';
const STAFF = ['EX-NOTIFICATION-LIST', 'EX-NOTIFICATION-MANAGE'];
const ok = (data: unknown, message = 'OK') => envelope(data, { message });

/** A notification's texts in both languages, as typed in the form and sent in the body. */
const TEXTS = {
  titleEn: 'Warehouse closed on 1 May',
  titleVi: 'Kho nghỉ ngày 1/5',
  contentEn: 'Parcels received on 1 May are checked in on 2 May.',
  contentVi: 'Kiện nhận ngày 1/5 sẽ được nhập kho ngày 2/5.',
};

const campaign = (over: Partial<NotificationCampaign>): NotificationCampaign => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Holiday hours',
  code: 'HOLIDAY_2026',
  type: 'announcement',
  channel: 'noti',
  target: 'role',
  roles: ['EXR-CUSTOMER', 'EXR-VIP-CUSTOMER'],
  users: [],
  ...TEXTS,
  url: null,
  iconUrl: null,
  imageUrl: null,
  publishAt: '2026-05-01T02:00:00.000Z',
  status: 'waiting',
  sentAt: null,
  recipients: 0,
  createdAt: '2026-04-20T03:00:00.000Z',
  ...over,
});

const WAITING = campaign({});
const SENT = campaign({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'New pricing',
  code: 'PRICING_APRIL',
  type: 'policy',
  channel: 'email',
  target: 'users',
  roles: [],
  users: ['33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'],
  publishAt: '2026-04-01T01:00:00.000Z',
  status: 'sent',
  sentAt: '2026-04-01T01:00:05.000Z',
  recipients: 2,
});

const MINE: Notification[] = [
  { id: 'n1', title: TEXTS.titleEn, content: TEXTS.contentEn, iconUrl: null, imageUrl: null, url: null, createdAt: new Date().toISOString(), seen: false },
];

/** A fetch stub for the screen's calls; `reply` answers the writes, everything is recorded. */
function stubApi(reply: (call: ApiCall) => Response | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = reply(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/v1/notifi?')) return ok({ items: [WAITING, SENT], total: 2, page: 1, pageSize: 10 });
    if (call.url.startsWith('/api/v1/notifi/count-unseen')) return ok({ count: 1 });
    if (call.url.startsWith('/api/v1/notifi/user')) return ok({ items: MINE, page: 1, pageSize: 10, total: 1, unseen: 1 });
    return undefined;
  });
}

/** The calls with one method, as { method, url, body }. */
const sentWith = (calls: ApiCall[], method: string) => calls.filter((c) => c.method === method).map(({ url, body }) => ({ method, url, body: body as unknown }));

function renderPage(permissions: string[]) {
  session.signIn('token-1', makeProfile({ permissions, timeZone: '+07:00' }));
  void i18n.changeLanguage('en');
  return renderRoutes([{ path: PATH, element: <NotificationsPage /> }], PATH);
}

/** The form is large: under a loaded machine, antd's validation and rendering take seconds in jsdom. */
const SLOW = { timeout: 8_000 };

// Queries by text and label rather than by role: role queries are slow on a form this size in jsdom.
// Waiting by selector or text content: a findBy* query re-runs its full matcher on every DOM change,
// which on this form costs seconds.
const waitForElement = <T extends Element>(find: () => T | null | undefined) =>
  waitFor(() => {
    const found = find();
    if (!found) throw new Error('not yet');
    return found;
  }, SLOW);
/** The table cell naming a row, once the list has loaded. */
const rowText = async (text: string) => {
  await waitForText(document.body, text);
  return screen.getByText(text);
};
const waitForText = (scope: HTMLElement, text: string) => waitFor(() => expect(scope.textContent).toContain(text), SLOW);
const dialog = () =>
  waitForElement(() => [...document.querySelectorAll<HTMLElement>('.ant-modal-title')].find((e) => e.textContent === 'New notification')?.closest<HTMLElement>('.ant-modal'));
const button = (scope: HTMLElement, text: string) => within(scope).getByText(text, { selector: 'button span' }).closest('button')!;
const section = (scope: HTMLElement, name: string) => scope.querySelector<HTMLElement>(`section[aria-label="${name}"]`)!;
/** The selected tab's text; tabs are queried by attribute, not role (role queries walk the whole page). */
const selectedTab = () => document.querySelector('[role=tab][aria-selected=true]')?.textContent;
const tabs = () => [...document.querySelectorAll('[role=tab]')].map((t) => t.textContent);
const queryButton = (scope: HTMLElement, text: string) => within(scope).queryByText(text, { selector: 'button span' })?.closest('button') ?? null;
const fill = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/** Fills the texts of both languages; sections are labelled English / Vietnamese. */
function fillTexts(form: HTMLElement) {
  const en = section(form, 'English');
  const vi = section(form, 'Vietnamese');
  fill(en, 'Title', TEXTS.titleEn);
  fill(en, 'Content', TEXTS.contentEn);
  fill(vi, 'Title', TEXTS.titleVi);
  fill(vi, 'Content', TEXTS.contentVi);
}

/** A wide screen for antd's breakpoints (every min-width query matches), so all columns show. */
function wideScreen() {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: /min-width/.test(query) && !/max-width/.test(query) });
  return () => {
    window.matchMedia = matchMedia;
  };
}

describe('notifications screen, staff', { timeout: 40_000 }, () => {
  // Only the column test needs every column (a wide screen); the others render the narrow table,
  // and the form test an empty list: antd in jsdom costs time per rendered cell.
  let narrow = () => {};
  afterEach(() => {
    narrow();
    narrow = () => {};
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists notifications with target, publish time in the user offset, status, recipients and the actions each allows', async () => {
    narrow = wideScreen();
    const calls = stubApi();
    renderPage(STAFF);
    expect(selectedTab()).toBe('Manage');
    const waiting = (await rowText('Holiday hours')).closest('tr')!;
    expect(calls.some((c) => c.url === '/api/v1/notifi?current=1&pageSize=10')).toBe(true);

    const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    // Name (with the title), status, publish time (+07:00), target (role names), channel, type, code.
    expect(cells(waiting).slice(0, 7)).toEqual([
      'Holiday hoursWarehouse closed on 1 May',
      'Waiting',
      '01-05-2026 09:00:00',
      'Customer, VIP customer',
      'In the app',
      'Announcement',
      'HOLIDAY_2026',
    ]);
    expect(button(waiting, 'Publish now')).toBeTruthy();
    expect(button(waiting, 'Edit')).toBeTruthy();
    expect(button(waiting, 'Delete')).toBeTruthy();

    const sent = screen.getByText('New pricing').closest('tr')!;
    expect(cells(sent).slice(1, 7)).toEqual(['Sent01-04-2026 08:00:052 recipients', '01-04-2026 08:00:00', '2 users', 'By email', 'Policy', 'PRICING_APRIL']);
    // Sent: read-only.
    expect(queryButton(sent, 'Edit')).toBeNull();
    expect(queryButton(sent, 'Publish now')).toBeNull();
    fireEvent.click(button(sent, 'View'));
    const view = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-modal[role=dialog]');
      expect(open).toBeTruthy();
      return open!;
    }, SLOW);
    expect(view.querySelector('.ant-modal-title')?.textContent).toBe('New pricing');
    expect(section(view, 'Vietnamese').textContent).toContain('Kiện nhận ngày 1/5 sẽ được nhập kho ngày 2/5.');
  });

  it('keeps the keyword and the status filter in the request', async () => {
    const calls = stubApi();
    const { router } = renderPage(STAFF);
    await rowText('Holiday hours');
    fireEvent.click(screen.getByText('Waiting', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/notifi?status=waiting&current=1&pageSize=10')).toBe(true), SLOW);
    fireEvent.change(screen.getByPlaceholderText('Search name, code or title'), { target: { value: ' holiday ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search name, code or title'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/notifi?keyword=holiday&status=waiting&current=1&pageSize=10')).toBe(true), SLOW);
    expect(router.state.location.search).toBe('?status=waiting&keyword=holiday');
  });

  it('creating a notification for a role sends the right body and says to how many it went', async () => {
    const calls = stubApi((c) =>
      c.method === 'POST' && c.url === '/api/v1/notifi/new'
        ? envelope(campaign({ status: 'sent', sentAt: new Date().toISOString(), recipients: 3 }), { status: 201, message: 'Saved.' })
        : c.url.startsWith('/api/v1/notifi?')
          ? ok({ items: [], total: 0, page: 1, pageSize: 10 })
          : undefined,
    );
    renderPage(STAFF);
    fireEvent.click(button(document.body, 'New notification'));
    const form = await dialog();

    // Nothing is sent while required fields are empty; a role target needs a role.
    fireEvent.click(within(form).getByLabelText('Roles', { selector: 'input[type=radio]' }));
    const roles = await waitForElement(() => within(form).queryByLabelText('Roles', { selector: 'input[role=combobox]' }));
    fireEvent.click(button(form, 'Save'));
    await waitForText(form, 'Choose at least one role.');
    expect(within(form).getByText('Choose at least one role.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fill(form, 'Name', 'Holiday hours');
    fill(form, 'Code', 'holiday_2026');
    fireEvent.mouseDown(roles);
    // The visible option (antd also renders hidden ones for screen readers).
    fireEvent.click(await waitForElement(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Customer"]')));
    fillTexts(form);
    fireEvent.click(button(form, 'Save'));

    await waitForText(document.body, 'Sent to 3 recipients.');
    const posts = sentWith(calls, 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        url: '/api/v1/notifi/new',
        body: {
          name: 'Holiday hours',
          code: 'HOLIDAY_2026',
          type: 'announcement',
          channel: 'noti',
          target: 'role',
          roles: ['EXR-CUSTOMER'],
          users: [],
          ...TEXTS,
          url: null,
          iconUrl: null,
          imageUrl: null,
        },
      },
    ]);
    // The list reloads after the save.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/v1/notifi?')).length).toBeGreaterThanOrEqual(2), SLOW);
  });

  it('publishing one that was sent meanwhile shows the server message (409)', async () => {
    const calls = stubApi((c) =>
      c.url === '/api/v1/notifi-system/update-stt'
        ? failure(409, 'ACTION_NOT_ALLOWED_FOR_STATUS', 'This action is not allowed for the current status.')
        : c.url.startsWith('/api/v1/notifi?')
          ? ok({ items: [WAITING], total: 1, page: 1, pageSize: 10 })
          : undefined,
    );
    renderPage(STAFF);
    const row = (await rowText('Holiday hours')).closest('tr')!;
    fireEvent.click(button(row, 'Publish now'));
    await waitForText(document.body, 'Publish “Holiday hours” now?');
    const confirm = screen.getByText('Publish “Holiday hours” now?').closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(button(confirm, 'Publish now'));

    await waitForText(document.body, 'This action is not allowed for the current status.');
    expect(sentWith(calls, 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/v1/notifi-system/update-stt', body: { id: WAITING.id } }]);
  });
});

describe('notifications screen, seller', { timeout: 40_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a seller without EX-NOTIFICATION-LIST sees only My notifications and never asks for the staff list', async () => {
    const calls = stubApi();
    renderPage(['EX-ORDER-LIST']);
    expect(tabs()).toEqual(['My notifications']);
    const list = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('ul[aria-label="My notifications"]');
      expect(found).toBeTruthy();
      return found!;
    }, SLOW);
    const item = within(list).getByText('Warehouse closed on 1 May').closest('button')!;
    expect(item.textContent).toMatch(/Warehouse closed on 1 May.*Unread/);
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(queryButton(document.body, 'New notification')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/v1/notifi?'))).toBe(false);

    // Mark all as read: one PATCH without an id.
    stubApi((c) => (c.url === '/api/v1/notifi/update-seen' ? ok({ count: 0 }) : undefined));
    fireEvent.click(button(document.body, 'Mark all as read'));
    await waitFor(() => expect(screen.queryByText('1 unread')).toBeNull(), SLOW);
    expect(list.querySelectorAll('.is-unseen')).toHaveLength(0);
  });
});

describe('publish time in the user offset', () => {
  it('a picked wall-clock time is sent with the offset, and read back the same', () => {
    expect(fromWallClock(dayjs('2026-05-01T09:30'), '+07:00')).toBe('2026-05-01T09:30:00+07:00');
    expect(toWallClock('2026-05-01T02:30:00.000Z', '+07:00').format('DD-MM-YYYY HH:mm')).toBe('01-05-2026 09:30');
    expect(toWallClock('2026-05-01T02:30:00.000Z', '-05:00').format('DD-MM-YYYY HH:mm')).toBe('30-04-2026 21:30');
  });

  it('only the chosen target keeps its list; blank links are null; a picked time becomes publishAt', () => {
    const values: CampaignForm = {
      name: 'N',
      code: 'C',
      type: 'promotion',
      channel: 'email',
      target: 'users',
      roles: ['EXR-ADMIN'],
      users: ['33333333-3333-4333-8333-333333333333'],
      titleEn: 'a',
      titleVi: 'b',
      contentEn: 'c',
      contentVi: 'd',
      url: ' /app/orders ',
      iconUrl: '',
      imageUrl: undefined,
      publishAt: dayjs('2026-06-02T08:00'),
    };
    expect(toCampaignBody(values, '+07:00')).toMatchObject({
      roles: [],
      users: ['33333333-3333-4333-8333-333333333333'],
      url: '/app/orders',
      iconUrl: null,
      imageUrl: null,
      publishAt: '2026-06-02T08:00:00+07:00',
    });
  });
});
