import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import dayjs from 'dayjs';
import { session } from '../api/session';

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
// (Once per window: files that share a worker share it.)
const WRAPPED = Symbol.for('exship.getComputedStyle');
if (!(WRAPPED in window.getComputedStyle)) {
  const realGetComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = Object.assign((elt: Element) => realGetComputedStyle(elt), { [WRAPPED]: true });
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
