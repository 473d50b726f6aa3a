import { useRef, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../api/client';
import { applyFieldErrors, errorText } from './api-feedback';

export interface ActionOptions<TVars, TData> {
  /** Shown on success when the server's envelope carries no message; `false` shows nothing. */
  success: string | false;
  /** Field errors of a 400 go onto this form's items. */
  form?: FormInstance;
  /** Query keys to reload after a success. */
  invalidate?: QueryKey[];
  onSuccess?: (res: Envelope<TData>, vars: TVars) => unknown;
  /** `false`: no error popup (the screen shows the failure itself, in `onError`). */
  errorMessage?: boolean;
  /** After the error is placed on the form: extra handling, e.g. a code-specific field. */
  onError?: (err: unknown, vars: TVars, placedOnForm: boolean) => void;
}

/**
 * One way to run a write from a screen: a loading flag, the server's message on success, its
 * message (and field errors) on failure, and the lists to reload. `run` never throws: it resolves
 * to the reply, or undefined once a failure has been shown.
 *
 * It keeps TanStack's useMutation contract (pending, variables, onSuccess/onError, invalidation
 * through the QueryClient) but not its import: useMutation splits TanStack Query out of the entry
 * chunk (+0.9 KB gzip on the login page, over its 250 KB budget; see notification-inbox.tsx).
 * Swapping the body for useMutation changes no caller.
 */
export function useAction<TVars = void, TData = unknown>(call: (vars: TVars) => Promise<Envelope<TData>>, opts: ActionOptions<TVars, TData>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ pending: boolean; variables?: TVars }>({ pending: false });
  const latest = useRef({ call, opts });
  latest.current = { call, opts };

  const run = async (vars: TVars): Promise<Envelope<TData> | undefined> => {
    const { call: send, opts: o } = latest.current;
    setState({ pending: true, variables: vars });
    try {
      let res: Envelope<TData>;
      try {
        res = await send(vars);
      } catch (err) {
        const placed = o.form ? applyFieldErrors(o.form, err, t) : false;
        o.onError?.(err, vars, placed);
        if (o.errorMessage !== false) message.error(errorText(err, t));
        return undefined;
      }
      if (o.success !== false) message.success(res.message || t(o.success));
      await o.onSuccess?.(res, vars);
      await Promise.all((o.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return res;
    } finally {
      setState({ pending: false });
    }
  };
  return { run, pending: state.pending, variables: state.pending ? state.variables : undefined };
}
