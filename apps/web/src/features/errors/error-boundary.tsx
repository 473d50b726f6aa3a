import { Component, type ErrorInfo, type ReactNode } from 'react';
import { lazyScreen } from '../../app/lazy-screen';

/** The 500 page is its own chunk: antd Result's illustrations stay out of the entry. */
export const LazyServerErrorPage = lazyScreen(() => import('./server-error-page'));

/** React error boundary: a fatal render error shows the 500 page instead of a blank screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <LazyServerErrorPage /> : this.props.children;
  }
}
