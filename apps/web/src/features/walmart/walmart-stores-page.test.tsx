import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntegrationOrder, WalmartStore } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import WalmartStoresPage from './walmart-stores-page';

// SPEC §2 /integrations/walmart: the stores list (state tag, last sync, counts), the connect modal
// (the secret sent once, never shown back; Walmart's refusal shown), disconnect behind a confirm;
// the SKU mapping modal (unmapped SKU of the order → a product's variant).

const T = { timeout: 15_000 };
const counts = { Created: 0, Acknowledged: 0, Shipped: 0, Delivered: 0, Cancelled: 0, Refund: 0 };

const store = (over: Partial<WalmartStore> = {}): WalmartStore => ({
  id: 'st1', accountId: 'a1', name: 'Main store', state: 'connected', clientIdLast4: 'AB12', ackMode: 'on-sync', autoPay: false,
  defaultCancelReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL', demo: false, lastSyncAt: '2026-11-28T01:00:00Z', lastSyncCount: 3, lastError: null,
  tokenFailingSince: null, backfill: null, counts: { total: 7, byStatus: counts, unmappedSkus: 2, pushFailed: 1, ackOverdue: 0 },
  connectedAt: '2026-11-01T00:00:00Z', pausedAt: null, disconnectedAt: null, ...over,
});

const order = (over: Partial<IntegrationOrder> = {}): IntegrationOrder => ({
  id: 'io1', accountId: 'a1', storeId: 'st1', storeName: 'Main store', purchaseOrderId: '1796277083022', customerOrderId: '5281956426648',
  product: 'Blue mug', customer: 'Ann Lee', status: 'Created', shippingMethod: 'Standard', estimatedDeliveryDate: null, estimatedShipDate: null,
  reason: 'Map SKU WM-MUG to one of your products.', orderId: null, exOrderId: null, stage: 'unmapped-sku', orderDate: '2026-11-28T00:00:00Z',
  acknowledgedAt: null, ackDueAt: '2026-11-28T04:00:00Z', ackOverdue: false,
  push: { kind: null, state: 'none', attempts: 0, lastAttemptAt: null, nextAttemptAt: null, error: null },
  trackingNumber: null, cancellationReason: null, firstSeenAt: '2026-11-28T00:00:00Z', lastSeenAt: '2026-11-28T00:00:00Z', ...over,
});

function render() {
  session.signIn('token-1', makeProfile({ permissions: ['EX-INTEGRATION', 'EX-WALMART-CONNECT', 'EX-WALMART-PUSH', 'EX-WALMART-DISCONNECT', 'EX-PRODUCT-LIST'] }));
  return renderRoutes([{ path: '/integrations/walmart', element: <WalmartStoresPage /> }], '/integrations/walmart');
}

const page = (items: IntegrationOrder[]) => envelope({ items, total: items.length, page: 1, pageSize: 10, counts: { ...counts, Created: items.length, all: items.length } });

describe('Walmart stores screen', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists stores with state and counts; connects a store (Walmart refuses first); disconnects after a confirm', async () => {
    const sent: ApiCall[] = [];
    let stores = [store()];
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/stores' && call.method === 'GET') return envelope(stores);
      if (call.path === '/integrations/walmart/orders') return page([]);
      if (call.path === '/integrations/walmart/stores' && call.method === 'POST') {
        sent.push(call);
        if (sent.length === 1) return failure(422, 'WALMART_CREDENTIALS_INVALID', 'Walmart refused the client id and secret.');
        const created = store({ id: 'st2', name: call.body.name, clientIdLast4: 'X999', lastSyncAt: null, lastSyncCount: null });
        stores = [...stores, created];
        return envelope(created, { status: 201, message: 'Walmart store connected. Its orders sync in every few minutes.' });
      }
      if (call.path === '/integrations/walmart/stores/st1/disconnect') {
        sent.push(call);
        stores = [store({ state: 'disconnected', clientIdLast4: null })];
        return envelope(stores[0], { message: 'Walmart store disconnected. Its credentials were erased.' });
      }
      return undefined;
    });
    render();
    await screen.findByText('Main store', undefined, T);
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('2 waiting for a mapping')).toBeTruthy();
    expect(screen.getByText('1 pushes failed')).toBeTruthy();
    expect(screen.getByText('Client id …AB12')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Connect a store/ }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    fireEvent.change(within(dialog).getByLabelText('Store name'), { target: { value: 'Second' } });
    fireEvent.change(within(dialog).getByLabelText('Client id'), { target: { value: 'client-1' } });
    fireEvent.change(within(dialog).getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await screen.findByText('Walmart refused the client id and secret.', undefined, T);
    expect(sent[0]!.body).toMatchObject({ name: 'Second', clientId: 'client-1', clientSecret: 's3cret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await screen.findByText('Second', undefined, T);
    // The secret is nowhere on the screen once sent.
    await waitFor(() => expect(document.body.textContent).not.toContain('s3cret'), T);

    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' })[0]!);
    const confirm = await screen.findByText('Disconnect Main store?', undefined, T);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(sent.some((c) => c.path.endsWith('/disconnect'))).toBe(true), T);
    await screen.findByText('Disconnected', undefined, T);
  });

  it('maps an order\'s unmapped SKU to a product variant', async () => {
    const saved: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/integrations/walmart/stores') return envelope([store()]);
      if (call.path === '/integrations/walmart/orders') return page([order()]);
      if (call.path === '/integrations/walmart/orders/io1')
        return envelope({ ...order(), lines: [{ lineNumber: '1', sku: 'WM-MUG', productName: 'Blue mug', quantity: 1, status: 'Created', amount: 9, currency: 'USD', productId: null, variantId: null, variantSku: null }] });
      if (call.path === '/integrations/walmart/sku-mappings' && call.method === 'GET')
        return envelope({
          items: [
            { id: null, accountId: 'a1', sku: 'WM-MUG', walmartProductName: 'Blue mug', productId: null, variantId: null, productName: null, variantSku: null, ordersWaiting: 2, source: null, updatedAt: null },
            { id: null, accountId: 'a1', sku: 'WM-CAP', walmartProductName: 'Cap', productId: null, variantId: null, productName: null, variantSku: null, ordersWaiting: 1, source: null, updatedAt: null },
          ],
          total: 2, page: 1, pageSize: 100, unmapped: 2,
        });
      if (call.path === '/products' && call.method === 'GET') return envelope({ items: [{ id: 'p1', name: 'Mug 11oz' }], page: 1, pageSize: 20, total: 1, totalWaitingApproval: 0, totalCount: 1 });
      if (call.path === '/products/p1') return envelope({ id: 'p1', name: 'Mug 11oz', variants: [{ id: 'v1', sku: 'MUG-BLUE' }, { id: 'v2', sku: 'MUG-RED' }] });
      if (call.path === '/integrations/walmart/sku-mappings' && call.method === 'PUT') {
        saved.push(call);
        return envelope({ mapping: {}, draftsCreated: 2 }, { message: 'Mapping saved.' });
      }
      return undefined;
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Map SKUs' }, T));
    const dialog = await screen.findByRole('dialog', undefined, T);
    // Only the order's own SKU is offered.
    await within(dialog).findByText(/WM-MUG — Blue mug \(2 orders wait\)/, undefined, T);
    expect(within(dialog).queryByText(/WM-CAP/)).toBeNull();

    const pick = async (label: string, option: string) => {
      fireEvent.mouseDown(within(dialog).getByLabelText(label));
      const opt = await waitFor(() => {
        const el = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === option);
        if (!el) throw new Error(`no option ${option}`);
        return el as HTMLElement;
      }, T);
      fireEvent.click(opt);
    };
    await pick('Product', 'Mug 11oz');
    await waitFor(() => expect((within(dialog).getByLabelText('Variant') as HTMLInputElement).disabled).toBe(false), T);
    await pick('Variant', 'MUG-RED');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), T);
    expect(saved[0]!.body).toEqual({ sku: 'WM-MUG', productId: 'p1', variantId: 'v2' });
    await screen.findByText('Mapping saved.', undefined, T);
  });
});
