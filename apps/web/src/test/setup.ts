import { afterEach } from 'vitest';
import { createRequire } from 'node:module';
import { cleanup } from '@testing-library/react';
import dayjs from 'dayjs';
import { session } from '../api/session';
import { loadLanguage } from '../app/i18n';

// The app loads Vietnamese on demand; tests switch languages synchronously, so it is there from the start.
await loadLanguage('vi');

// antd's responsive helpers (Grid, Sider breakpoints) need matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
// antd (Menu overflow, Tabs, Sider) observes element sizes; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}
// jsdom fires no animationend/transitionend events. jsdom 27 also lacked the prefixed
// WebkitAnimation/WebkitTransition style properties, so @rc-component/motion found CSS animations
// unsupported and antd opened and closed popups, messages and badges at once. jsdom 29 has them:
// motion would then wait for events that never come, each close lingering until its deadline
// (a badge took 1.2 s to go). Keep them hidden, so components behave as they always have here.
const styleProto = (window as unknown as Record<string, { prototype: object } | undefined>).CSSStyleProperties?.prototype;
for (const prop of ['WebkitAnimation', 'WebkitTransition']) {
  if (styleProto && Object.prototype.hasOwnProperty.call(styleProto, prop)) delete (styleProto as Record<string, unknown>)[prop];
}
// antd measures scrollbars through getComputedStyle with pseudo elements; jsdom logs noise otherwise.
// jsdom 29 answers each call with a fresh copy of the element's cached declaration, and resolving a
// property on a fresh copy walks the ancestors again (tens of ms on antd's deep trees; role queries
// ask for every candidate and its subtree). While jsdom's own style cache stands (it starts a new
// one on every change to a connected node, attribute or stylesheet), an element's answer cannot
// change: the same read-only declaration is handed out again. Without those jsdom internals this is
// the plain call. (Installed once per window: files that share a worker share it.)
const WRAPPED = Symbol.for('exship.getComputedStyle');
if (!(WRAPPED in window.getComputedStyle)) {
  const realGetComputedStyle = window.getComputedStyle.bind(window);
  const styleCacheOf = jsdomStyleCache();
  const kept = new WeakMap<Element, { cache: object; style: CSSStyleDeclaration }>();
  window.getComputedStyle = Object.assign(
    (elt: Element) => {
      const cache = elt.isConnected ? styleCacheOf?.(elt) : undefined;
      const hit = kept.get(elt);
      if (cache && hit?.cache === cache) return hit.style;
      const style = realGetComputedStyle(elt);
      if (cache && styleCacheOf!(elt) === cache) kept.set(elt, { cache, style });
      return style;
    },
    { [WRAPPED]: true },
  );
}

/** The identity of jsdom's computed-style cache for an element's document, when reachable. */
function jsdomStyleCache(): ((elt: Element) => object | undefined) | undefined {
  try {
    const idl = createRequire(import.meta.url)('jsdom/lib/generated/idl/utils.js') as { implForWrapper(w: unknown): { _styleCache?: object } | null };
    if (!idl.implForWrapper(document)?._styleCache) return undefined;
    return (elt) => idl.implForWrapper(elt.ownerDocument)?._styleCache;
  } catch {
    return undefined;
  }
}

// The web project runs its files one after another in shared workers (`isolate: false`): what a
// test leaves in module state must not reach the next file. The session (token, profile, language)
// goes back to what an empty storage gives, which also brings i18next back to that language; dayjs
// to English, as Providers sets it for an English page.
afterEach(() => {
  cleanup();
  localStorage.clear();
  session.reload();
  dayjs.locale('en');
});
