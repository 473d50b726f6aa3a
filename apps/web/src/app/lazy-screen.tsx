import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@exship/contracts';

// SPEC §2: lazy screen loader — 'Loading file...', after 10 s 'Take a long time...' with Retry,
// on an import error 'Load error!' with Retry. Simplified Chinese when the language is zh.

/** The loader's own words; zh-CN has only these keys. */
function useLoaderText() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language?.toLowerCase().startsWith('zh') ? 'zh-CN' : undefined;
  return (key: 'loader.loading' | 'loader.slow' | 'loader.error' | 'loader.retry') => t(key, lng ? { lng } : undefined);
}

export function LoadingFile({ onRetry, timeoutMs = LIMITS.lazyLoadTimeoutMs }: { onRetry: () => void; timeoutMs?: number }) {
  const text = useLoaderText();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSlow(true), timeoutMs);
    return () => clearTimeout(id);
  }, [timeoutMs]);
  return (
    <div role="status" style={{ minHeight: 240, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 12, padding: 24 }}>
      <Spin />
      <span>{slow ? text('loader.slow') : text('loader.loading')}</span>
      {slow && (
        <Button onClick={onRetry} type="primary">
          {text('loader.retry')}
        </Button>
      )}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const text = useLoaderText();
  // Plain markup, not antd Result: Result pulls its page illustrations into every chunk that uses it.
  return (
    <div role="alert" style={{ minHeight: 240, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 12, padding: 24 }}>
      <WarningOutlined style={{ fontSize: 40, color: '#d97706' }} />
      <span style={{ fontSize: 18 }}>{text('loader.error')}</span>
      <Button type="primary" onClick={onRetry}>
        {text('loader.retry')}
      </Button>
    </div>
  );
}

class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Catches a failed dynamic import (chunk missing after a deploy, network down). Other render
 * errors are passed on to the app's error boundary (the 500 page).
 */
class ChunkBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error instanceof ChunkLoadError) return <LoadError onRetry={this.props.onRetry} />;
    if (error) throw error;
    return this.props.children;
  }
}

/**
 * Route-level code splitting: each screen is its own chunk, loaded with React.lazy.
 * Retry calls the import again (a fresh lazy component), so a transient failure recovers.
 */
export function lazyScreen<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>, timeoutMs?: number) {
  function LazyScreen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Screen = useMemo(
      () =>
        lazy(() =>
          factory().catch((err: unknown) => {
            throw new ChunkLoadError(err instanceof Error ? err.message : String(err));
          }),
        ),
      // A new attempt means a new import() call.
      [attempt],
    );
    const retry = () => setAttempt((n) => n + 1);
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<LoadingFile onRetry={retry} timeoutMs={timeoutMs} />}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return LazyScreen;
}
