import { afterEach, describe, expect, it } from 'vitest';
import { makeProfile } from '../test/render';
import { session } from './session';

// Browser storage keeps the token (and the language), never the profile.
describe('session storage', () => {
  afterEach(() => session.clear());

  it('stores only the token: the profile stays in memory', () => {
    session.signIn('tok-1', makeProfile({ email: 'private@example.com' }));
    expect(localStorage.getItem('exship.token')).toBe('tok-1');
    expect(session.get().profile?.email).toBe('private@example.com');
    const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '');
    expect(stored.join('\n')).not.toContain('private@example.com');
    expect(localStorage.getItem('exship.profile')).toBeNull();
  });

  it("signing in applies the user's saved language, so a new browser speaks it at once", () => {
    session.setLanguage('en');
    session.signIn('tok-1', makeProfile({ language: 'vi' }));
    expect(session.get().language).toBe('vi');
    expect(localStorage.getItem('exship.language')).toBe('vi');
    session.clear();
    // Signed out, the language chosen stays; the next sign-in takes that user's own.
    expect(session.get().language).toBe('vi');
    session.signIn('tok-2', makeProfile({ language: 'en' }));
    expect(session.get().language).toBe('en');
  });

  it('keeps the profile in memory while the token stays, and drops it when another tab changes the token', () => {
    session.signIn('tok-1', makeProfile());
    session.reload();
    expect(session.get().profile).not.toBeNull();
    localStorage.setItem('exship.token', 'tok-2');
    session.reload();
    expect(session.get()).toMatchObject({ token: 'tok-2', profile: null });
  });
});
