import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Profile } from '@exship/contracts';

// SPEC §7: the session token, profile and language code live in browser storage and load at start.
const KEY = { token: 'exship.token', profile: 'exship.profile', language: 'exship.language' } as const;

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

function parseProfile(raw: string | null): Profile | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Profile;
    return p && typeof p === 'object' && Array.isArray(p.permissions) ? p : null;
  } catch {
    return null;
  }
}

function load(): SessionState {
  const lang = read(KEY.language);
  return {
    token: read(KEY.token),
    profile: parseProfile(read(KEY.profile)),
    language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE,
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  if ('token' in next) write(KEY.token, state.token);
  if ('profile' in next) write(KEY.profile, state.profile ? JSON.stringify(state.profile) : null);
  if ('language' in next) write(KEY.language, state.language);
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  /** Re-read storage (tests, and other tabs). */
  reload(): void {
    state = load();
    listeners.forEach((l) => l());
  },
  signIn(token: string, profile: Profile): void {
    set({ token, profile });
  },
  setProfile(profile: Profile): void {
    set({ profile });
  },
  setLanguage(language: Language): void {
    set({ language });
  },
  /** Removes the stored login info (token and profile); the language choice stays. */
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
