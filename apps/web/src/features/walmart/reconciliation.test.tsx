import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationRow } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import './locales';
import { Reconciliation } from './reconciliation';

// The reconciliation list: open differences by default with a Resolve action; the modal asks for a
// note (required), sends it, reports the server's refusal and its success; the Resolved filter shows
// who resolved a difference, when and why. Without EX-WALMART-PUSH there is no Resolve action.

const T = { timeout: 15_000 };

const row = (over: Partial<ReconciliationRow> = {}): ReconciliationRow => ({
  id: 'r1', integrationOrderId: 'io1', storeId: 'st1', purchaseOrderId: '1796277083022', kind: 'cancelled-on-walmart', walmartStatus: 'Cancelled',
  ourStatus: 'Created', exshipOrderStatus: 'draft', detectedAt: '2026-11-28T01:00:00Z', resolvedAt: null, resolvedBy: null, resolutionNote: null, ...over,
});
const page = (items: ReconciliationRow[]) => envelope({ items, total: items.length, page: 1, pageSize: 10, lastRunAt: '2026-11-28T01:00:00Z' });

function render(permissions = ['EX-INTEGRATION', 'EX-WALMART-PUSH']) {
  session.signIn('token-1', makeProfile({ permissions }));
  return renderRoutes([{ path: '/integrations/walmart', element: <Reconciliation /> }], '/integrations/walmart');
}

describe('Walmart reconciliation differences', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('resolves an open difference with a note, and lists the resolved ones with who, when and why', async () => {
    const lists: ApiCall[] = [];
    const resolves: ApiCall[] = [];
    let resolved = false;
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/stores') return envelope([]);
      if (call.path === '/integrations/walmart/reconciliation') {
        lists.push(call);
        const state = call.search.get('state');
        const done = row({ resolvedAt: '2026-11-28T02:00:00Z', resolvedBy: 'Demo Seller', resolutionNote: 'Refunded by phone.' });
        if (state === 'resolved') return page(resolved ? [done] : []);
        return page(resolved ? [] : [row()]);
      }
      if (call.path === '/integrations/walmart/reconciliation/r1/resolve') {
        resolves.push(call);
        if (resolves.length === 1) return failure(409, 'WALMART_RECONCILIATION_CLOSED', 'This difference is already resolved.');
        resolved = true;
        return envelope(row({ resolvedAt: '2026-11-28T02:00:00Z', resolvedBy: 'Demo Seller', resolutionNote: call.body.note }), { message: 'Difference marked resolved.' });
      }
      return undefined;
    });
    render();
    await screen.findByText('1796277083022', undefined, T);
    expect(lists[0]!.search.get('state')).toBe('open');

    fireEvent.click(screen.getByRole('button', { name: 'Resolve 1796277083022' }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    expect(within(dialog).getByText('Resolve difference on 1796277083022')).toBeTruthy();
    // The note is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await within(dialog).findByText('This field is required.', undefined, T);
    expect(resolves).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: '  Refunded by phone.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await screen.findByText('This difference is already resolved.', undefined, T);
    expect(resolves[0]!.method).toBe('POST');
    expect(resolves[0]!.body).toEqual({ note: 'Refunded by phone.' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await screen.findByText('Difference marked resolved.', undefined, T);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);
    await screen.findByText('No difference: Walmart and ExShip agree.', undefined, T);

    fireEvent.click(screen.getByRole('radio', { name: 'Resolved' }));
    await screen.findByText('Refunded by phone.', undefined, T);
    expect(lists.at(-1)!.search.get('state')).toBe('resolved');
    expect(screen.getByText('By Demo Seller')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
  });

  it('offers no Resolve action without EX-WALMART-PUSH', async () => {
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/stores') return envelope([]);
      if (call.path === '/integrations/walmart/reconciliation') return page([row()]);
      return undefined;
    });
    render(['EX-INTEGRATION']);
    await screen.findByText('1796277083022', undefined, T);
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
  });
});
