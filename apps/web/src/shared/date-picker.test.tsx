import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { session } from '../api/session';
import { makeProfile, renderWithProviders } from '../test/render';
import { DatePicker, viewerDayBound, viewerNow } from './date-picker';

// A picker's today is the user's today at their profile's offset, whatever the browser's zone says.

const todayCell = () => document.querySelector('.ant-picker-cell-today')?.getAttribute('title');

describe('date pickers in the user offset', () => {
  afterEach(() => {
    vi.useRealTimers();
    session.clear();
  });

  it("highlights the user's today and opens on it, not the browser's", async () => {
    // 20:00 UTC: already the next day at +07:00.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T20:00:00Z'));
    session.signIn('token-1', makeProfile({ timeZone: '+07:00' }));
    // The browser here is not at +07:00: its today is another day (else this test proves nothing).
    expect(dayjs().format('YYYY-MM-DD')).not.toBe('2026-04-01');
    expect(viewerNow().format('YYYY-MM-DD HH:mm')).toBe('2026-04-01 03:00');
    renderWithProviders(<DatePicker open format="DD-MM-YYYY" aria-label="Ship date" />);
    await screen.findByRole('table');
    expect(todayCell()).toBe('2026-04-01');
    // It opens on the user's month (April), not the browser's (March).
    expect(document.querySelector('.ant-picker-cell-in-view[title="2026-04-30"]')).not.toBeNull();
  });

  it('a picked day is bounded at the user offset', () => {
    session.signIn('token-1', makeProfile({ timeZone: '-05:00' }));
    expect(viewerDayBound('2026-03-01', 'from')).toBe('2026-03-01T00:00:00-05:00');
    expect(viewerDayBound('2026-03-01', 'to')).toBe('2026-03-01T23:59:59.999-05:00');
  });
});
