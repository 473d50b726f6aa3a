import { createRemoteJWKSet, customFetch, errors, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors';
import { OutboundError, type OutboundFetch } from '../../platform/outbound';

// Google sign-in (SPEC §7 POST /login-social): the ID token's signature is checked against the JWKS
// Google publishes (a configurable URL; a local server in tests) with `jose`, then its issuer,
// audience (our OAuth client id), expiry and verified email. Nothing of the token is trusted before that.

export interface GoogleConfig {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}
export interface SocialIdentity {
  email: string;
  name: string;
  subject: string;
}

/** `fetch` is the app's outbound client: Google's keys come only from a public address, never through a redirect. */
export function googleVerifier(cfg: GoogleConfig, fetch: OutboundFetch) {
  // Keys are fetched once and cached; an unknown key id refetches (at most every 30 s). A key set is small: 1 MB at most.
  const jwks = createRemoteJWKSet(new URL(cfg.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, [customFetch]: (url, init) => fetch(url, { ...init, maxBytes: 1024 * 1024 }) });
  return async function verify(idToken: string): Promise<SocialIdentity> {
    try {
      const { payload } = await jwtVerify(idToken, jwks, { issuer: cfg.issuers, audience: cfg.clientId, algorithms: ['RS256', 'ES256'], clockTolerance: 30 });
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!email || payload.email_verified !== true || !payload.sub) throw new AppError('SOCIAL_TOKEN_INVALID', 401);
      const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 100) : email.split('@')[0]!;
      return { email, name, subject: payload.sub };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A bad signature, a wrong audience or issuer, an expired or malformed token, an unreachable or refused JWKS.
      if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof OutboundError) throw new AppError('SOCIAL_TOKEN_INVALID', 401);
      throw err;
    }
  };
}
