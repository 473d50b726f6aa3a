import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AddressCheckBatch, AddressCheckRow } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import AddressCheckPage from './address-check-page';

// SPEC §2 /app/check-address: the form's result (status, reason, suggestion, Apply), the history's
// empty state and the rows of a check by status tab.

const json = (data: unknown, status = 201) => envelope(data, { status, message: 'Address checked.' });

const batch: AddressCheckBatch = {
  id: '00000000-0000-4000-8000-00000000000b',
  accountId: '00000000-0000-4000-8000-000000000001',
  source: 'single',
  fileName: null,
  status: 'done',
  total: 1,
  valid: 0,
  invalid: 1,
  pending: 0,
  createdBy: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-24T05:00:00.000Z',
};
const wrongCity: AddressCheckRow = {
  id: '00000000-0000-4000-8000-00000000000c',
  batchId: batch.id,
  rowNumber: 1,
  country: 'US',
  state: 'NY',
  city: 'Boston',
  zip: '10001',
  address1: '350 5th Ave',
  address2: '',
  fullAddress: '350 5th Ave, Boston, NY 10001, US',
  status: 'invalid',
  reasons: ['invalid_city'],
  reasonText: 'Invalid city.',
  suggestion: { city: 'New York' },
  note: null,
  checkedAt: '2026-11-24T05:00:00.000Z',
};

describe('AddressCheckPage', () => {
  let checked = false;
  let api: ApiCall[] = [];
  /** The calls so far, as `METHOD url`. */
  const calls = () => api.map((c) => `${c.method} ${c.url}`);
  beforeEach(() => {
    checked = false;
    session.signIn('token-1', makeProfile({ permissions: ['EX-ADDRESS-CHECK'] }));
    api = fakeApi(({ url }) => {
      if (url.endsWith('/address-checks/check')) {
        checked = true;
        return json(wrongCity);
      }
      if (url.includes('/rows')) return json({ batch, items: url.includes('status=valid') ? [] : [wrongCity], total: url.includes('status=valid') ? 0 : 1, page: 1, pageSize: 10 }, 200);
      if (url.includes('/address-checks')) return json({ items: checked ? [batch] : [], total: checked ? 1 : 0, page: 1, pageSize: 5 }, 200);
      return json(null, 200);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('checks an address, shows the reason and the suggestion, applies it, and lists the check with its row', async () => {
    renderRoutes([{ path: '/app/check-address', element: <AddressCheckPage /> }], '/app/check-address');
    // No check yet: the history says so.
    expect(await screen.findByText('No address checks yet. Check an address or a file above.')).toBeTruthy();

    const form = screen.getByRole('group', { name: 'Check one address' });
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'NY' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Boston' } });
    fireEvent.change(within(form).getByLabelText('Zip code'), { target: { value: '10001' } });
    fireEvent.change(within(form).getByLabelText('Address 1'), { target: { value: '350 5th Ave' } });
    fireEvent.click(within(form).getByRole('button', { name: /Check address/ }));

    const result = await within(form).findByRole('status');
    expect(within(result).getByText('Invalid')).toBeTruthy();
    expect(within(result).getByTestId('address-reason').textContent).toBe('Reason: Invalid city.');
    expect(within(result).getByTestId('address-suggestion').textContent).toContain('New York');
    expect(calls()).toContain('POST /api/v1/address-checks/check');

    fireEvent.click(within(result).getByRole('button', { name: /Apply suggestion/ }));
    await waitFor(() => expect((within(form).getByLabelText('City') as HTMLInputElement).value).toBe('New York'));

    // The history refreshes and the newest check's row is listed.
    const rows = await screen.findByRole('region', { name: 'Rows' });
    expect(await within(rows).findByText('350 5th Ave, Boston, NY 10001, US')).toBeTruthy();
    expect(within(rows).getByText('City: New York')).toBeTruthy();
    fireEvent.click(within(rows).getByRole('tab', { name: /Valid/ }));
    expect(await within(rows).findByText('No rows with this status.')).toBeTruthy();
  }, 30_000);
});
