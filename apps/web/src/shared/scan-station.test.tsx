import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScanRecord } from '@exship/contracts';
import { session } from '../api/session';
import { envelope, failure, fakeApi } from '../test/fake-api';
import { makeProfile, renderWithProviders } from '../test/render';
import { RecentScans, ScanBanner, ScanBox, isEditable, undoable, useScanStation, type ScanOutcome } from './scan-station';

// The scan box every scanning screen is built around: scans typed fast one after another are handled
// in order, the focus comes back to it, keys typed elsewhere land in it, Ctrl+Z undoes the last scan.

const T = { timeout: 15_000 };
const scan = (over: Partial<ScanRecord> = {}): ScanRecord => ({
  _id: '33333333-3333-4333-8333-333333333333',
  at: '2026-03-05T02:00:00.000Z',
  screen: 'check-in',
  code: '1Z999AA10123456784',
  ok: true,
  message: 'EX0000000001: checked in.',
  exOrderId: 'EX0000000001',
  cartonId: null,
  undoneAt: null,
  canUndo: true,
  ...over,
});

function Station({ onScan }: { onScan: (code: string) => Promise<ScanOutcome | null> }) {
  const station = useScanStation('check-in');
  return (
    <>
      <ScanBox station={station} onScan={onScan} label="Scan a parcel" />
      <ScanBanner station={station} idle="Ready" />
      <button type="button">Elsewhere</button>
      <RecentScans station={station} />
    </>
  );
}

/** The banner's text once it says `text`. */
const bannerSays = (text: string) => waitFor(() => expect(screen.getByTestId('scan-banner').textContent).toContain(text), T);
const input = () => screen.getByLabelText('Scan a parcel') as HTMLInputElement;
const type = (code: string) => {
  fireEvent.change(input(), { target: { value: code } });
  fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('scan box', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('handles scans that come while one is running in the order they came, and shows each outcome', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-CHECKIN'] }));
    fakeApi(({ path }) => (path === '/floor/scans' ? envelope([]) : undefined));
    const seen: string[] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((r) => (release = r));
    const onScan = vi.fn(async (code: string): Promise<ScanOutcome> => {
      seen.push(`start ${code}`);
      if (code === 'A1') await first;
      seen.push(`end ${code}`);
      return code === 'B2' ? { tone: 'error', message: `${code}: refused` } : { tone: 'ok', message: `${code}: done` };
    });
    renderWithProviders(<Station onScan={onScan} />);
    await waitFor(() => expect(document.activeElement).toBe(input()), T);
    type('A1');
    type('B2');
    // The input is free for the next scan at once, and the second scan waits for the first.
    expect(input().value).toBe('');
    await waitFor(() => expect(seen).toEqual(['start A1']), T);
    release();
    await waitFor(() => expect(seen).toEqual(['start A1', 'end A1', 'start B2', 'end B2']), T);
    await bannerSays('B2: refused');
    expect(screen.getByTestId('scan-banner').getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(input()), T);
  });

  it('a scan the server refuses shows its message in a red banner', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-CHECKIN'] }));
    fakeApi(({ path }) => (path === '/floor/scans' ? envelope([]) : undefined));
    const { ApiError } = await import('../api/client');
    renderWithProviders(<Station onScan={async () => Promise.reject(new ApiError(409, 'PARCEL_UNPAID', 'EX0000000009 is not paid: it cannot be received.'))} />);
    type('EX0000000009');
    await bannerSays('EX0000000009 is not paid');
    expect(screen.getByTestId('scan-banner').className).toContain('ant-alert-error');
  });

  it('a key typed while a button has the focus goes to the scan box; a weight field keeps it', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-CHECKIN'] }));
    fakeApi(({ path }) => (path === '/floor/scans' ? envelope([]) : undefined));
    renderWithProviders(<Station onScan={async () => null} />);
    const button = screen.getByRole('button', { name: 'Elsewhere' });
    button.focus();
    fireEvent.keyDown(button, { key: '1', code: 'Digit1' });
    expect(document.activeElement).toBe(input());

    const weight = document.createElement('input');
    weight.type = 'number';
    document.body.appendChild(weight);
    weight.focus();
    fireEvent.keyDown(weight, { key: '5', code: 'Digit5' });
    expect(document.activeElement).toBe(weight);
    weight.remove();
    expect(isEditable(button)).toBe(false);
  });

  it('Ctrl+Z undoes the newest scan, the banner says so and the list reloads', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-CHECKIN'] }));
    let undone = false;
    const calls = fakeApi(({ method, path }) => {
      if (path === '/floor/scans') return envelope(undone ? [scan({ undoneAt: '2026-03-05T02:01:00.000Z', canUndo: false })] : [scan()]);
      if (method === 'POST' && path === `/floor/scans/${scan()._id}/undo`) {
        undone = true;
        return envelope(scan({ undoneAt: '2026-03-05T02:01:00.000Z', canUndo: false }), { message: 'Scan undone.' });
      }
      return undefined;
    });
    renderWithProviders(<Station onScan={async () => null} />);
    expect(await screen.findByText('EX0000000001: checked in.', undefined, T)).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'z', code: 'KeyZ', ctrlKey: true });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/undo'))).toBe(true), T);
    await bannerSays('Scan undone. 1Z999AA10123456784');
    expect(await screen.findByText('Undone', undefined, T)).toBeTruthy();
    // Nothing left to undo: the button is off, and Ctrl+Z says so without a call.
    await waitFor(() => expect(screen.getByRole('button', { name: /Undo last scan/ }).hasAttribute('disabled')).toBe(true), T);
    const posts = calls.filter((c) => c.method === 'POST').length;
    fireEvent.keyDown(input(), { key: 'z', code: 'KeyZ', ctrlKey: true });
    await bannerSays('There is no scan to undo');
    expect(calls.filter((c) => c.method === 'POST').length).toBe(posts);
  });

  it('a refused undo shows the reason', async () => {
    session.signIn('token-1', makeProfile({ permissions: ['EX-CHECKIN'] }));
    fakeApi(({ method, path }) => {
      if (path === '/floor/scans') return envelope([scan()]);
      if (method === 'POST') return failure(409, 'SCAN_NOT_UNDOABLE', 'Only your last scan can be undone, and only while nothing came after it.');
      return undefined;
    });
    renderWithProviders(<Station onScan={async () => null} />);
    await screen.findByText('EX0000000001: checked in.', undefined, T);
    fireEvent.click(screen.getByRole('button', { name: /Undo last scan/ }));
    await bannerSays('Only your last scan can be undone');
  });

  it('only the newest scan, not yet undone and still undoable, is offered', () => {
    expect(undoable([scan()])?._id).toBe(scan()._id);
    expect(undoable([scan({ canUndo: false }), scan({ _id: 'older' })])).toBeUndefined();
    expect(undoable([scan({ undoneAt: '2026-03-05T02:01:00.000Z' })])).toBeUndefined();
    expect(undoable([])).toBeUndefined();
  });
});
