import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../api/client';
import { session } from '../../api/session';
import { download, envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { PHONE_QUERY } from '../../shared/use-media-query';
import ScanFormPage, { invalidNumbersOf, todayAt } from './scan-form-page';

// SPEC §5 SCAN form: ship date and tracking numbers required; §8 a 422 "one or more tracking
// numbers invalid" names the numbers, and the dialog shows them.

const T = { timeout: 15_000 };
const FORM = {
  _id: '22222222-2222-4222-8222-222222222222',
  number: 'SF-000001',
  shipDate: '2026-03-05',
  createdAt: '2026-03-05T02:00:00.000Z',
  actionBy: 'Ada Admin',
  count: 1,
  orders: [{ orderId: '11111111-1111-4111-8111-111111111111', exOrderId: 'EX0000000001', orderName: 'ORDER-1', trackingNumber: '1Z999AA10123456784' }],
};

const CANDIDATES = [
  { orderId: 'o-1', exOrderId: 'EX0000000011', orderName: 'PICK-1', trackingNumber: '1Z999AA10000000011', carrierName: 'UPX', serviceName: 'Standard', labeledAt: '2026-03-05T01:00:00.000Z', accountId: 'acc-a', customer: 'a@example.com' },
  { orderId: 'o-2', exOrderId: 'EX0000000012', orderName: 'PICK-2', trackingNumber: '1Z999AA10000000012', carrierName: 'UPX', serviceName: 'Standard', labeledAt: '2026-03-05T00:00:00.000Z', accountId: 'acc-a', customer: 'a@example.com' },
  { orderId: 'o-3', exOrderId: 'EX0000000013', orderName: 'PICK-3', trackingNumber: '1Z999AA10000000013', carrierName: 'UPX', serviceName: 'Standard', labeledAt: '2026-03-04T00:00:00.000Z', accountId: 'acc-b', customer: 'b@example.com' },
];

function stub(create: 'ok' | 'invalid') {
  const calls = fakeApi(({ method, url }) => {
    if (url.includes('/scan-forms/candidates')) {
      const keyword = new URL(url, 'http://x').searchParams.get('keyword');
      return envelope({ items: CANDIDATES.filter((c) => !keyword || c.orderName.includes(keyword)), more: false });
    }
    if (url.includes('/scan-forms') && method === 'POST') {
      if (create === 'invalid') return failure(422, 'INVALID_TRACKING_NUMBERS', 'One or more tracking numbers invalid: BAD-2.', { errors: [], details: { numbers: ['BAD-2'] } });
      return envelope(FORM, { status: 201, message: 'SCAN form created.' });
    }
    if (url.includes('/pdf')) return download('%PDF-1.7', 'application/pdf', 'SF-000001.pdf');
    if (url.includes('/scan-forms')) return envelope({ items: [FORM], total: 1, page: 1, pageSize: 10 });
    return envelope(null);
  });
  /** The bodies of the creates sent so far. */
  return () => calls.filter((c) => c.url.includes('/scan-forms') && c.method === 'POST').map((c) => c.body as unknown);
}

const render = () => {
  session.signIn('token-1', makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-SCAN-FORM', 'EX-ACT-FOR-CUSTOMER'] }));
  return renderRoutes([{ path: '/app/scan-form', element: <ScanFormPage /> }], '/app/scan-form');
};

/** Picks today in the open ship-date picker. */
async function pickToday() {
  fireEvent.mouseDown(screen.getByLabelText('Ship date'));
  fireEvent.click(screen.getByLabelText('Ship date'));
  const today = () => [...document.querySelectorAll('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-today .ant-picker-cell-inner')].at(-1);
  await waitFor(() => expect(today()).toBeTruthy(), T);
  fireEvent.click(today()!);
  await waitFor(() => expect((screen.getByLabelText('Ship date') as HTMLInputElement).value).toMatch(/^\d{2}-\d{2}-\d{4}$/), T);
}

describe('SCAN form', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('on a phone an empty list shows one empty state, not one inside another', async () => {
    fakeApi(({ url }) => (url.includes('/scan-forms') ? envelope({ items: [], total: 0, page: 1, pageSize: 10 }) : envelope(null)));
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === PHONE_QUERY });
    try {
      render();
      expect(await screen.findByText('No SCAN forms yet.', undefined, T)).toBeTruthy();
      expect(document.querySelectorAll('.ant-empty')).toHaveLength(1);
      // The small picture of the screen's own empty state, not antd's large default one.
      expect(document.querySelector('.ant-empty-normal, .ant-empty-small')).toBeTruthy();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('lists the forms with their orders, tracking numbers, ship date and author', async () => {
    stub('ok');
    render();
    expect(await screen.findByText('SF-000001', undefined, T)).toBeTruthy();
    expect(screen.getByText('05-03-2026')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getAllByText('1Z999AA10123456784').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Download SCAN form SF-000001 as PDF' })).toBeTruthy();
  });

  it('the ship date starts on today in the user\'s time zone; a parcel is required: nothing is sent without one', async () => {
    const posts = stub('ok');
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Create SCAN form/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    // makeProfile's offset (+07:00): today there, as DD-MM-YYYY.
    expect((within(dialog).getByLabelText('Ship date') as HTMLInputElement).value).toBe(todayAt('+07:00').format('DD-MM-YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Tracking number is required.', undefined, T)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('today is the date at the user\'s offset, not the browser\'s', () => {
    // 2026-03-05 20:30 UTC is already the 6th in Ho Chi Minh City and still the 5th in Los Angeles.
    const at = Date.parse('2026-03-05T20:30:00Z');
    expect(todayAt('+07:00', at).format('YYYY-MM-DD')).toBe('2026-03-06');
    expect(todayAt('-08:00', at).format('YYYY-MM-DD')).toBe('2026-03-05');
  });

  it('picks labeled parcels from the list (search, several at once) and sends them with any pasted number; staff pick within one seller', async () => {
    const posts = stub('ok');
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Create SCAN form/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    const picker = within(dialog).getByRole('region', { name: 'Labeled parcels not yet on a SCAN form' });
    expect(await within(picker).findByText('PICK-1', undefined, T)).toBeTruthy();
    expect(within(picker).getByText('b@example.com')).toBeTruthy();
    fireEvent.click(within(picker).getByLabelText('Pick order EX0000000011'));
    fireEvent.click(within(picker).getByLabelText('Pick order EX0000000012'));
    await waitFor(() => expect(within(dialog).getByText('2 picked')).toBeTruthy(), T);
    // Another seller's parcel cannot join this form.
    expect((within(picker).getByLabelText('Pick order EX0000000013') as HTMLInputElement).disabled).toBe(true);
    // Searching keeps what was picked.
    fireEvent.change(within(picker).getByLabelText('Search order ID, order name or tracking number'), { target: { value: 'PICK-2' } });
    fireEvent.keyDown(within(picker).getByLabelText('Search order ID, order name or tracking number'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(picker).queryByText('PICK-1')).toBeNull(), T);
    expect(within(dialog).getByText('2 picked')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Tracking numbers'), { target: { value: '1z999aa10123456784\n1Z999AA10000000011' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts()).toHaveLength(1), T);
    expect(posts()[0]).toEqual({ shipDate: todayAt('+07:00').format('YYYY-MM-DD'), trackingNumbers: ['1Z999AA10000000011', '1Z999AA10000000012', '1Z999AA10123456784'] });
  });

  it('a 422 names the invalid tracking numbers and the dialog shows them; nothing else is lost', async () => {
    const posts = stub('invalid');
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Create SCAN form/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    await pickToday();
    fireEvent.change(within(dialog).getByLabelText('Tracking numbers'), { target: { value: '1Z999AA10123456784\nBAD-2\n' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const bad = await within(dialog).findByRole('list', { name: 'Invalid tracking numbers' }, T);
    expect(within(bad).getAllByRole('listitem').map((x) => x.textContent)).toEqual(['BAD-2']);
    expect(within(dialog).getByText('One or more tracking numbers invalid: BAD-2.')).toBeTruthy();
    expect(within(dialog).getByText('1 tracking number(s) invalid: see below.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({ trackingNumbers: ['1Z999AA10123456784', 'BAD-2'] });
    expect((posts()[0] as { shipDate: string }).shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The dialog stays open with what was typed.
    expect((within(dialog).getByLabelText('Tracking numbers') as HTMLTextAreaElement).value).toContain('BAD-2');
  });

  it('a created form is announced and its PDF downloaded', async () => {
    stub('ok');
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Create SCAN form/ }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    await pickToday();
    fireEvent.change(within(dialog).getByLabelText('Tracking numbers'), { target: { value: '1Z999AA10123456784' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('SCAN form created.', undefined, T)).toBeTruthy();
    await waitFor(() => expect(created).toHaveBeenCalled(), T);
    expect(await screen.findByText('SCAN form SF-000001 downloaded.', undefined, T)).toBeTruthy();
  });
});

describe('invalidNumbersOf', () => {
  const err = (details?: Record<string, unknown>, message = '') => new ApiError(422, 'INVALID_TRACKING_NUMBERS', message, [], details);
  it('reads the numbers from the details, rows or the message', () => {
    expect(invalidNumbersOf(err({ numbers: ['B'] }), ['A', 'B'])).toEqual(['B']);
    expect(invalidNumbersOf(err({ invalid: [{ trackingNumber: 'A', reason: 'unknown' }] }), ['A', 'B'])).toEqual(['A']);
    expect(invalidNumbersOf(err(undefined, 'One or more tracking numbers invalid: B.'), ['A', 'B'])).toEqual(['B']);
  });
});
