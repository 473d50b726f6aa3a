import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor, screen, cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { Providers } from '../app/providers';
import { useAction } from './use-action';

function setup<TVars>(call: (v: TVars) => Promise<{ success: true; message: string; data: unknown }>, opts: Parameters<typeof useAction<TVars>>[1]) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <Providers queryClient={queryClient}>{children}</Providers>;
  const hook = renderHook(() => useAction(call, opts), { wrapper });
  return { hook, invalidate };
}

describe('useAction — one way to run a write', () => {
  afterEach(cleanup);

  it('is pending while the call runs, shows the server message, then reloads the lists', async () => {
    let resolve!: (v: { success: true; message: string; data: unknown }) => void;
    const onSuccess = vi.fn();
    const { hook, invalidate } = setup((_v: string) => new Promise((r) => (resolve = r)), { success: 'net.common.saved', invalidate: [['discounts']], onSuccess });
    let done!: Promise<unknown>;
    act(() => {
      done = hook.result.current.run('A1');
    });
    await waitFor(() => expect(hook.result.current.pending).toBe(true));
    expect(hook.result.current.variables).toBe('A1');
    await act(async () => {
      resolve({ success: true, message: 'Discount saved.', data: { code: 'A1' } });
      await done;
    });
    expect(hook.result.current.pending).toBe(false);
    expect(await screen.findByText('Discount saved.')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith({ success: true, message: 'Discount saved.', data: { code: 'A1' } }, 'A1');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['discounts'] });
  });

  it('on failure puts field errors on the form, shows the message, resolves to undefined and reloads nothing', async () => {
    const setFields = vi.fn();
    const form = { getFieldsValue: () => ({ code: '' }), setFields } as unknown as FormInstance;
    const onError = vi.fn();
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', [{ field: 'code', message: 'Code taken.' }]);
    const { hook, invalidate } = setup(() => Promise.reject(err), { success: 'net.common.saved', form, invalidate: [['discounts']], onError });
    let result: unknown = 'not run';
    await act(async () => {
      result = await hook.result.current.run(undefined);
    });
    expect(result).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([{ name: ['code'], errors: ['Code taken.'] }]);
    expect(onError).toHaveBeenCalledWith(err, undefined, true);
    expect(await screen.findByText('Some fields are not valid.')).toBeTruthy();
    expect(invalidate).not.toHaveBeenCalled();
    expect(hook.result.current.pending).toBe(false);
  });
});
