import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes, stubApi } from '../../test/render';
import DashboardPage from './dashboard-page';

function stubWithProducts(profile: ReturnType<typeof makeProfile>, totalWaitingApproval: number) {
  const base = stubApi(profile);
  const calls = fakeApi(({ url }) => {
    if (url.includes('/products?')) return envelope({ items: [], total: 40, totalWaitingApproval, totalCount: totalWaitingApproval, page: 1, pageSize: 1 });
    return base(url);
  });
  /** The URLs asked for so far. */
  return () => calls.map((c) => c.url);
}

const render = () => renderRoutes([{ path: '/app/dashboard', element: <DashboardPage /> }], '/app/dashboard');

describe('dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows reviewers how many products wait for approval, linking to that list', async () => {
    const profile = makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-PRODUCT-LIST', 'EX-PRODUCT-APPROVE'] });
    const urls = stubWithProducts(profile, 7);
    session.signIn('token-1', profile);
    render();
    const tile = await screen.findByRole('link', { name: /^Products waiting for approval\s*7\b/ }, { timeout: 10_000 });
    expect(tile.getAttribute('href')).toBe('/app/products?approvalStatus=waiting_approval');
    expect(urls().some((u) => u.includes('/products?') && u.includes('approvalStatus=waiting_approval'))).toBe(true);
  });

  it('a seller, who cannot review, gets no such tile', async () => {
    const profile = makeProfile({ permissions: ['EX-PRODUCT-LIST', 'EX-WALLET-VIEW'] });
    const urls = stubWithProducts(profile, 7);
    session.signIn('token-1', profile);
    render();
    expect(await screen.findByText('Hello, Sam Seller', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Products waiting for approval')).toBeNull();
    expect(urls().some((u) => u.includes('/products?'))).toBe(false);
  });

  it('has one h1 and no skipped heading level (WCAG)', async () => {
    const profile = makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-PRODUCT-LIST', 'EX-PRODUCT-APPROVE', 'EX-WALLET-VIEW'] });
    stubWithProducts(profile, 0);
    session.signIn('token-1', profile);
    render();
    await screen.findByRole('link', { name: /^Products waiting for approval\s*0\b/ }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
  });
});
