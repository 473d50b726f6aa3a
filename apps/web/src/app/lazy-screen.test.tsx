import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { LIMITS } from '@exship/contracts';
import { renderWithProviders } from '../test/render';
import i18n from './i18n';
import { LoadingFile, lazyScreen } from './lazy-screen';

const never = () => new Promise<{ default: ComponentType }>(() => {});

describe('lazy screen loader', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it("shows 'Loading file...' and after 10 s 'Take a long time...' with Retry", () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    renderWithProviders(<LoadingFile onRetry={onRetry} />);
    expect(screen.getByText('Loading file...')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(LIMITS.lazyLoadTimeoutMs - 1));
    expect(screen.queryByText('Take a long time...')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Take a long time...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a slow import can be retried', async () => {
    const factory = vi.fn(never);
    const Screen = lazyScreen(factory, 20);
    renderWithProviders(<Screen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(factory.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("a failed import shows 'Load error!' and Retry loads it again", async () => {
    let attempt = 0;
    const factory = vi.fn(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: () => <p>screen loaded</p> });
    });
    const Screen = lazyScreen(factory);
    renderWithProviders(<Screen />);
    expect(await screen.findByText('Load error!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('screen loaded')).toBeTruthy();
  });

  it('speaks Simplified Chinese when the language is zh', async () => {
    await i18n.changeLanguage('zh-CN');
    const Screen = lazyScreen(never);
    renderWithProviders(<Screen />);
    expect(await screen.findByText('正在加载文件...')).toBeTruthy();
  });
});
