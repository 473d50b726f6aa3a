import { useEffect, useRef } from 'react';

// Alt + a letter runs a screen action from anywhere on the screen (the scan box included), so an
// operator never needs the mouse; nothing runs while a dialog or drawer is in front. The physical
// key is matched (KeyC), so it works whatever the keyboard layout and on a Mac, where Option+C types ç.

type Shortcuts = Partial<Record<string, () => unknown>>;

const overlayOpen = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open') !== null;

/** `{ c: close, p: print }` → Alt+C, Alt+P. A missing entry (undefined) is not bound. */
export function useAltShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !/^Key[A-Z]$/.test(e.code)) return;
      const run = latest.current[e.code.slice(3).toLowerCase()];
      if (!run || overlayOpen()) return;
      e.preventDefault();
      e.stopPropagation();
      void run();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
