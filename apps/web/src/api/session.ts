import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Profile } from '@exship/contracts';

// SPEC §7: the session token and language code live in browser storage and load at start. The
// profile (name, email, permissions, wallet) stays in memory only and is fetched again from /me at
// start (nothing personal in localStorage, where any script on the origin can read it).
const KEY = { token: 'exship.token', language: 'exship.language' } as const;
/** Where earlier versions kept the profile; removed at start. */
const LEGACY_PROFILE_KEY = 'exship.profile';

export interface SessionState {
  token: string | null;
  profile: Profile | null;
  language: Language;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage can be full or blocked (private mode); the in-memory state still works */
  }
}

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

function load(keepProfile: Profile | null = null): SessionState {
  const lang = read(KEY.language);
  const token = read(KEY.token);
  return {
    token,
    profile: token ? keepProfile : null,
    language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE,
  };
}

write(LEGACY_PROFILE_KEY, null);
let state: SessionState = load();
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  if ('token' in next) write(KEY.token, state.token);
  if ('language' in next) write(KEY.language, state.language);
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  /** Re-read storage (tests, and other tabs). */
  reload(): void {
    // The profile in memory belongs to the token: kept while the token is the same.
    const token = read(KEY.token);
    state = load(token === state.token ? state.profile : null);
    listeners.forEach((l) => l());
  },
  /** Signing in brings the user's saved language (the profile's), whatever this browser last spoke. */
  signIn(token: string, profile: Profile): void {
    set(isLanguage(profile.language) ? { token, profile, language: profile.language } : { token, profile });
  },
  setProfile(profile: Profile): void {
    set({ profile });
  },
  setLanguage(language: Language): void {
    set({ language });
  },
  /** Removes the login info (the stored token, the profile in memory); the language choice stays. */
  clear(): void {
    set({ token: null, profile: null });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing out signs this one out too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(KEY).includes(e.key as (typeof KEY)[keyof typeof KEY])) session.reload();
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
