import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useUrlState } from './screen';

// A list's filters live in the URL. Two changes made before the router renders the first
// (a tab, then at once a search) must both stay.
const DEFAULTS = { status: 'all', keyword: '', page: '1' };
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/app/orders']}>{children}</MemoryRouter>;

describe('useUrlState', () => {
  it('a second change made before the first is rendered keeps the first', () => {
    const { result } = renderHook(() => ({ state: useUrlState(DEFAULTS), location: useLocation() }), { wrapper });
    act(() => {
      const [, update] = result.current.state;
      update({ status: 'unpaid' });
      update({ keyword: 'SO-1' });
    });
    expect(new URLSearchParams(result.current.location.search).get('status')).toBe('unpaid');
    expect(new URLSearchParams(result.current.location.search).get('keyword')).toBe('SO-1');
    expect(result.current.state[0]).toEqual({ status: 'unpaid', keyword: 'SO-1', page: '1' });
  });

  it('defaults leave the URL and a filter change goes back to page 1', () => {
    const { result } = renderHook(() => ({ state: useUrlState(DEFAULTS), location: useLocation() }), { wrapper });
    act(() => result.current.state[1]({ status: 'unpaid', page: 3 }));
    expect(result.current.location.search).toBe('?status=unpaid&page=3');
    act(() => result.current.state[1]({ status: 'all' }));
    expect(result.current.location.search).toBe('');
  });
});
