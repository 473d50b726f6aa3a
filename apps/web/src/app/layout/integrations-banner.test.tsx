import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import './locales';
import { IntegrationsBanner } from './integrations-banner';

// SPEC §2: the integrations banner shows once after login to users who may connect a Walmart store;
// 'Got it' is sent to the server (remembered on the user), closing it otherwise only hides it.

const T = { timeout: 15_000 };

function show(token: string, profile = makeProfile({ permissions: ['EX-INTEGRATION', 'EX-WALMART-CONNECT'], dismissedNotices: [] })) {
  session.signIn(token, profile);
  return renderRoutes([{ path: '/app/dashboard', element: <IntegrationsBanner profile={profile} token={token} /> }], '/app/dashboard');
}

describe('integrations banner', { timeout: 60_000 }, () => {
  it("shows once per login, sends 'Got it' to the server and links to the integrations screen", async () => {
    const sent: ApiCall[] = [];
    fakeApi((call) => {
      if (call.path === '/profile/dismiss-notice') {
        sent.push(call);
        return envelope(makeProfile({ permissions: ['EX-INTEGRATION', 'EX-WALMART-CONNECT'], dismissedNotices: ['integrations-banner'] }));
      }
      return undefined;
    });
    const first = show('token-a');
    const dialog = await screen.findByRole('dialog', undefined, T);
    expect(dialog.textContent).toContain('Connect your store');
    expect(screen.getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe('/app/integrations');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(sent).toHaveLength(1), T);
    expect(sent[0]!.body).toEqual({ notice: 'integrations-banner' });
    await waitFor(() => expect(session.get().profile?.dismissedNotices).toEqual(['integrations-banner']), T);
    first.unmount();
    // The same login again (the layout mounted anew): not shown a second time.
    show('token-a');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown without the Walmart permission, nor once dismissed', async () => {
    const a = show('token-b', makeProfile({ permissions: ['EX-INTEGRATION'], dismissedNotices: [] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    a.unmount();
    show('token-c', makeProfile({ permissions: ['EX-WALMART-CONNECT'], dismissedNotices: ['integrations-banner'] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
