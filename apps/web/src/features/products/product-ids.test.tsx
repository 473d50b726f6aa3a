import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import ProductDetailPage from './product-detail-page';
import ProductListPage from './product-list-page';

// A seller fills the order import (and the variant import) with ids the product screens show: the
// list shows each product's id, the detail its id and each variant's, every one with a copy button.

const T = { timeout: 15_000 };
const PRODUCT_ID = '5b0c8a7e-2f4d-4c1a-9e3b-7d6f5a4c3b2a';
const VARIANT_IDS = ['8e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b', '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'];

const product: Product = {
  id: PRODUCT_ID,
  customerId: '00000000-0000-4000-8000-000000000009',
  customer: null,
  name: 'Ceramic coffee mug',
  aliasName: 'Mug',
  hsCode: '6912.00',
  material: 'Ceramic',
  shape: 'Box',
  lengthCm: 12,
  widthCm: 9,
  heightCm: 10,
  weightGr: 380,
  status: 'active',
  approvalStatus: 'accepted',
  rejectReason: null,
  origin: 'customer',
  createdBy: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-03-01T03:00:00.000Z',
  updatedAt: '2026-03-01T03:00:00.000Z',
  submittedAt: '2026-03-01T03:00:00.000Z',
  reviewedAt: '2026-03-01T04:00:00.000Z',
  variants: ['MUG-WHT-11OZ', 'MUG-BLK-15OZ'].map((sku, i) => ({
    id: VARIANT_IDS[i]!,
    sku,
    hsCode: null,
    shape: null,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    weightGr: null,
    price: 12,
    salesTax: 0,
    mockupImageUrl: null,
    partnerProductId: null,
  })),
  weightConfig: null,
};
const { variants: _variants, weightConfig: _weightConfig, ...listItem } = product;

function stub() {
  fakeApi(({ path }) => {
    if (path === '/products') return envelope({ items: [{ ...listItem, variantCount: 2 }], page: 1, pageSize: 10, total: 1, totalWaitingApproval: 0, totalCount: 1 });
    if (path === `/products/${PRODUCT_ID}`) return envelope(product);
    return envelope({ items: [], page: 1, pageSize: 10, total: 0, totalCount: 0 });
  });
}

const SELLER = ['EX-PRODUCT-LIST', 'EX-PRODUCT-DETAIL', 'EX-PRODUCT-CREATE', 'EX-PRODUCT-UPDATE', 'EX-PRODUCT-IMPORT'];

describe('product and variant ids on the product screens', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('the list shows each product id with a copy button', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: SELLER }));
    renderRoutes([{ path: '/app/products', element: <ProductListPage /> }], '/app/products');
    await screen.findByRole('link', { name: 'Ceramic coffee mug' }, T);
    expect(screen.getByText(PRODUCT_ID)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the product ID of Ceramic coffee mug' })).toBeTruthy();
  });

  it('the detail shows the product id and each variant id beside its SKU, each with a copy button', async () => {
    stub();
    session.signIn('token-1', makeProfile({ permissions: SELLER }));
    renderRoutes([{ path: '/app/products/:productId', element: <ProductDetailPage /> }], `/app/products/${PRODUCT_ID}`);
    await screen.findByText('Ceramic coffee mug', undefined, T);
    expect(screen.getByText(PRODUCT_ID)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the product ID of Ceramic coffee mug' })).toBeTruthy();
    const table = screen.getByRole('columnheader', { name: 'Variant ID' }).closest('table')!;
    for (const [i, sku] of ['MUG-WHT-11OZ', 'MUG-BLK-15OZ'].entries()) {
      const row = within(table).getByText(sku).closest('tr')!;
      expect(within(row as HTMLElement).getByText(VARIANT_IDS[i]!)).toBeTruthy();
      expect(within(row as HTMLElement).getByRole('button', { name: `Copy the variant ID of ${sku}` })).toBeTruthy();
    }
  });
});

describe('the product list filters from the URL', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('opens on the approval status in the URL (the dashboard links ?approvalStatus=waiting_approval) and writes a change back', async () => {
    const sent = fakeApi(({ path }) => {
      if (path === '/products') return envelope({ items: [{ ...listItem, approvalStatus: 'waiting_approval', variantCount: 2 }], page: 1, pageSize: 10, total: 1, totalWaitingApproval: 1, totalCount: 1 });
      return envelope({ items: [], page: 1, pageSize: 10, total: 0, totalCount: 0 });
    });
    session.signIn('token-1', makeProfile({ permissions: SELLER }));
    const { router } = renderRoutes([{ path: '/app/products', element: <ProductListPage /> }], '/app/products?approvalStatus=waiting_approval');
    await screen.findByRole('link', { name: 'Ceramic coffee mug' }, T);
    const lists = () => sent.filter((c) => c.path === '/products');
    expect(lists().at(-1)!.search.get('approvalStatus')).toBe('waiting_approval');
    const select = screen.getByRole('combobox', { name: 'Approval status' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Accepted', undefined, T));
    await waitFor(() => expect(router.state.location.search).toBe('?approvalStatus=accepted'));
    await waitFor(() => expect(lists().at(-1)!.search.get('approvalStatus')).toBe('accepted'));
  });
});
