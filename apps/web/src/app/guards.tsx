import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
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

/** Login and register redirect an active signed-in user to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token, profile } = useSession();
  const location = useLocation();
  if (token && profile?.status === 'active') {
    // Back to the page that sent the user to sign in, if it was an app page.
    const from = (location.state as { from?: unknown } | null)?.from;
    const back = typeof from === 'string' && from.startsWith('/app/') && !from.startsWith('/app/login') ? from : '/app/dashboard';
    const target = profile.mustChangePassword ? '/app/profile?t=change-password' : back;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}

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
