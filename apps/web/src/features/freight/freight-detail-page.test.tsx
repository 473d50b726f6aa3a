import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FreightDetail } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { freightDetail } from '../../test/freight-fixtures';
import { makeProfile, renderRoutes } from '../../test/render';
import { mawbProblem } from './shared';
import FreightDetailPage from './freight-detail-page';

// SPEC §2 a freight's detail: the state buttons its status allows, each asked first; checking is
// refused while a parcel lacks its customs data, which is listed per parcel; confirming the weight
// takes the airline's kilograms; once checked the cartons can no longer be taken off.

const T = { timeout: 15_000 };
const ID = '22222222-2222-4222-8222-222222222222';

function render(freight: () => FreightDetail, onStatus: (call: ApiCall) => Response) {
  const calls = fakeApi((call) => {
    if (call.path === `/freights/${ID}` && call.method === 'GET') return envelope(freight());
    if (call.path === `/freights/${ID}/status` && call.method === 'POST') return onStatus(call);
    return undefined;
  });
  session.signIn('token-1', makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-FREIGHT-LIST', 'EX-FREIGHT-MANAGE'] }));
  renderRoutes([{ path: '/app/freight/listing-freight/:freightId', element: <FreightDetailPage /> }], `/app/freight/listing-freight/${ID}`);
  return calls;
}

const dialog = () => screen.getByRole('dialog');

describe('freight detail', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a closed freight offers reopen and check; the check refused for customs data shows what each parcel lacks', async () => {
    let current = freightDetail({ status: 'closed' });
    const posted: ApiCall[] = [];
    render(
      () => current,
      (call) => {
        posted.push(call);
        current = freightDetail({ status: 'closed', manifestGaps: [{ exOrderId: 'EX0000000009', cartonId: 'CT0000000A', missing: ['hsCode', 'value'] }] });
        return failure(422, 'MANIFEST_INCOMPLETE', '1 parcels lack customs data (description, HS code, quantity, value, origin, weight, shipper or consignee).');
      },
    );
    await screen.findByRole('heading', { name: /Freight SGN-LAX week 48/ }, T);
    const next = screen.getByText('Next step:').closest<HTMLElement>('.ant-card-body')!;
    expect(within(next).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reopen', 'Check']);
    expect(screen.queryByRole('region', { name: /Customs data missing/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(dialog().textContent).toContain('Check freight 618-12345675?'), T);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(posted).toHaveLength(1), T);
    // Left at now: the server's clock says when.
    expect(posted[0]!.body).toEqual({ status: 'checked', note: '' });
    const gaps = await screen.findByRole('region', { name: 'Customs data missing for 1 parcel(s)' }, T);
    expect(within(gaps).getByText('EX0000000009')).toBeTruthy();
    expect(within(gaps).getByText('HS code')).toBeTruthy();
    expect(within(gaps).getByText('Value (USD)')).toBeTruthy();
  });

  it('confirming the weight takes the airline\'s kilograms; a checked freight\'s cartons stay on', async () => {
    let current = freightDetail({ status: 'checked', cost: 39.5 });
    const posted: ApiCall[] = [];
    render(
      () => current,
      (call) => {
        posted.push(call);
        current = freightDetail({ status: 'confirmed-weight', confirmedWeightKg: 4 });
        return envelope(current, { message: 'Freight status changed.' });
      },
    );
    await screen.findByRole('heading', { name: /Freight SGN-LAX week 48/ }, T);
    expect(screen.getByText('Checked: cartons are locked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Take off/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm weight' }));
    await waitFor(() => expect(dialog().textContent).toContain('Our gross weight 0.7 kg, chargeable weight 1.5 kg.'), T);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm weight' }));
    await waitFor(() => expect(within(dialog()).getByText('This field is required.')).toBeTruthy(), T);
    expect(posted).toHaveLength(0);
    fireEvent.change(within(dialog()).getByLabelText('Weight confirmed by the airline (kg)'), { target: { value: '4' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm weight' }));
    await waitFor(() => expect(posted).toHaveLength(1), T);
    expect(posted[0]!.body).toEqual({ status: 'confirmed-weight', confirmedWeightKg: 4, note: '' });
    await waitFor(() => expect(screen.getByText('Next step:').closest<HTMLElement>('.ant-card-body')!.textContent).toContain('Mark departed'), T);
  });

  it('the history says what happened on each row, newest first', async () => {
    const at = (h: number) => `2026-03-05T0${h}:00:00.000Z`;
    const history: FreightDetail['history'] = [
      { at: at(1), action: 'created', fromStatus: null, toStatus: 'open', by: 'Sam Scanner', note: '618-12345675' },
      { at: at(2), action: 'carton-added', fromStatus: 'open', toStatus: 'open', by: 'Sam Scanner', note: 'CT0000000A' },
      { at: at(3), action: 'document-added', fromStatus: 'open', toStatus: 'open', by: 'Sam Scanner', note: 'mawb.pdf' },
      { at: at(4), action: 'status', fromStatus: 'open', toStatus: 'closed', by: 'Sam Scanner', note: '' },
      { at: at(5), action: 'weight-confirmed', fromStatus: 'checked', toStatus: 'confirmed-weight', by: 'Sam Scanner', note: '4 kg' },
    ];
    render(() => freightDetail({ status: 'confirmed-weight', history }), () => envelope(null));
    const card = (await screen.findByText('History', {}, T)).closest<HTMLElement>('.ant-card')!;
    await waitFor(() => expect(within(card).getAllByRole('listitem').length).toBe(5), T);
    expect(within(card).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Weight confirmed', 'Status changed: Open → Closed', 'Document added', 'Carton added', 'Created (Open)',
    ]);
    expect(within(card).queryByText('Changed')).toBeNull();
  });
});

describe('the MAWB rule as the server checks it', () => {
  const t = ((key: string, vars?: Record<string, string>) => `${key}${vars ? JSON.stringify(vars) : ''}`) as never;
  it('takes a number whose serial ends with its first seven digits mod 7, with or without the dash', () => {
    expect(mawbProblem('618-12345675', '618', t)).toBeNull();
    expect(mawbProblem('61812345675', null, t)).toBeNull();
  });
  it('names the rule a number breaks', () => {
    expect(mawbProblem('', null, t)).toBe('validation.required');
    expect(mawbProblem('618-1234567', null, t)).toBe('validation.mawb.format');
    expect(mawbProblem('618-12345676', null, t)).toBe('error.MAWB_INVALID{"mawb":"618-12345676"}');
    expect(mawbProblem('160-12345675', '618', t)).toBe('validation.mawb.prefix{"prefix":"618"}');
  });
});
