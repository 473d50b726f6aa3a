import { useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import { ApiError } from '../api/client';
import { session, useSession } from '../api/session';
import { useDocumentTitle } from '../shared/use-document-title';

// SPEC §2 guards. The screen keys come from the contracts' SCREENS table; access from domain's hasAccess.

/** A protected route without a token goes to the login page (and comes back after signing in). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/app/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * Login, register and forgot-password redirect an active signed-in user to the dashboard. On a
 * fresh page load only the token is stored (the profile stays in memory): the profile is fetched
 * first, and the form shows only if the token turns out not to be valid (a 401 clears it).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token, profile } = useSession();
  const location = useLocation();
  // The same query (key and all) the signed-in layout uses, so the dashboard does not fetch it again.
  // The endpoints load on demand: the entry holds only the router, the guards, i18n and the client.
  const me = useQuery({
    queryKey: ['me', token],
    queryFn: async ({ signal }) => (await import('../api/auth-api')).authApi.me(signal),
    enabled: !!token && !profile,
    retry: false,
  });
  useEffect(() => {
    if (me.data?.data && session.get().token === token) session.setProfile(me.data.data);
  }, [me.data, token]);
  useEffect(() => {
    // SPEC §4: an inactive account loses its token.
    if (me.error instanceof ApiError && me.error.code === 'ACCOUNT_INACTIVE') session.clear();
  }, [me.error]);
  if (token && !profile && !me.isError) {
    return (
      <div role="status" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <Spin size="large" />
      </div>
    );
  }
  if (token && profile?.status === 'active') {
    // Back to the page that sent the user to sign in, if it was an app page.
    const from = (location.state as { from?: unknown } | null)?.from;
    // SPEC §2: signing in with a callback-uri goes on to /connect/walmart with it (the marketplace connect).
    const callbackUri = new URLSearchParams(location.search).get('callback-uri');
    const back = callbackUri !== null ? `/connect/walmart?callback-uri=${encodeURIComponent(callbackUri)}` : typeof from === 'string' && isReturnPath(from) ? from : '/app/dashboard';
    const target = profile.mustChangePassword ? '/app/profile?t=change-password' : back;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}

/** Where signing in may send the user back to: an app page, or the marketplace connect screens (never off-site). */
const isReturnPath = (path: string) => (path.startsWith('/app/') && !path.startsWith('/app/login')) || /^\/(connect|callback)\/walmart([?#]|$)/.test(path);

/** A screen: checks the screen's key, sets the document title, renders the (lazy) component. */
export function ScreenRoute({ screen, component: Screen }: { screen: ScreenDef; component: ComponentType<{ screen: ScreenDef }> }) {
  const { profile } = useSession();
  const { t } = useTranslation();
  const allowed = hasAccess(profile?.permissions ?? [], screen.key);
  useDocumentTitle(allowed ? t(`screen.${screen.id}`) : null);
  if (!allowed) return <Navigate to="/app/403" replace />;
  return <Screen screen={screen} />;
}

/** SPEC §2: any other path removes the stored login info and goes to the login page. */
export function SignOutRedirect() {
  useLayoutEffect(() => {
    session.clear();
  }, []);
  return <Navigate to="/app/login" replace />;
}
