import { useEffect, useRef, useState } from 'react';
import { Alert, Divider } from 'antd';
import { useTranslation } from 'react-i18next';

// Google sign-in on the sign-in page (SPEC §7 POST /login-social), shown only when the server has a
// Google client id. Google Identity Services draws its own button (in Google's words and the page
// language) and hands back an ID token, which the server verifies. Google's script is loaded only
// when the button is shown.

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (reply: { credential?: string }) => void; ux_mode?: 'popup'; context?: 'signin' }): void;
      renderButton(parent: HTMLElement, options: { type: 'standard'; theme: 'outline'; size: 'large'; text: 'signin_with'; shape: 'rectangular'; width: number; locale: string }): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | null = null;

/** The Google script, once per page; a failed load may be tried again on the next mount. */
function loadGoogle(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT;
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google) : reject(new Error('Google sign-in missing')));
    script.onerror = () => reject(new Error('Google sign-in unreachable'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export default function GoogleSignIn({ clientId, onToken }: { clientId: string; onToken: (idToken: string) => void }) {
  const { t, i18n } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogle()
      .then((google) => {
        if (!live || !slot.current) return;
        google.accounts.id.initialize({ client_id: clientId, ux_mode: 'popup', context: 'signin', callback: (reply) => reply.credential && callback.current(reply.credential) });
        slot.current.replaceChildren();
        google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          // Google's button is 200–400 px wide: as wide as the form, within that.
          width: Math.max(200, Math.min(400, slot.current.clientWidth || 320)),
          locale: i18n.language,
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [clientId, i18n.language]);

  return (
    <>
      <Divider plain>{t('auth.login.or')}</Divider>
      {failed ? (
        <Alert type="info" showIcon title={t('auth.login.googleUnavailable')} />
      ) : (
        <div ref={slot} role="group" aria-label={t('auth.login.google')} style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
      )}
    </>
  );
}
