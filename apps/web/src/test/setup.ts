import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
