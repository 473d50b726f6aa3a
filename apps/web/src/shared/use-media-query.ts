import { useSyncExternalStore } from 'react';

/** Subscribes to a CSS media query (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener?.('change', onChange);
      return () => mql.removeEventListener?.('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** SPEC §2: the side menu collapses below about 1190 px. */
export const MENU_COLLAPSE_QUERY = '(max-width: 1189.98px)';
/** Phones: the menu moves into a drawer. */
export const PHONE_QUERY = '(max-width: 767.98px)';
