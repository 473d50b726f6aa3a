import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CronJob, CronJobRun } from '@exship/contracts';
import { session } from '../../api/session';
import { envelope, failure, fakeApi, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import CronJobDetailPage from './cronjob-detail-page';
import CronJobListPage from './cronjob-list-page';
import { formatDuration, relativeTime } from './cronjob-parts';

// SPEC §2 /app/setting-user/cronjob and /app/cronjob-detail/{_id} with the API mocked: the list's
// facts, run now and pause with their confirmations, the detail's runs with a failure's error, 404.

const notFound = () => failure(404, 'NOT_FOUND', 'Not found.');

const completed: CronJobRun = {
  id: '00000000-0000-4000-8000-0000000000a1',
  state: 'completed',
  createdAt: '2026-11-24T05:00:00.000Z',
  startedAt: '2026-11-24T05:00:01.000Z',
  completedAt: '2026-11-24T05:00:03.500Z',
  durationMs: 2500,
  attempts: 1,
  error: null,
};
const failed: CronJobRun = {
  id: '00000000-0000-4000-8000-0000000000a2',
  state: 'failed',
  createdAt: '2026-11-24T06:00:00.000Z',
  startedAt: '2026-11-24T06:00:01.000Z',
  completedAt: '2026-11-24T06:00:01.200Z',
  durationMs: 200,
  attempts: 6,
  error: 'carrier tracking API unavailable',
};
const purge: CronJob = {
  name: 'jobs.purge-receipts',
  description: 'Forget event receipts older than 30 days',
  cron: '23 4 * * *',
  schedule: 'At 04:23 UTC',
  enabled: true,
  pausedAt: null,
  lastRun: completed,
  nextRunAt: '2026-11-25T04:23:00.000Z',
};
const poll: CronJob = {
  name: 'shipping.poll-tracking',
  description: 'Poll carriers for tracking events',
  cron: '*/5 * * * *',
  schedule: 'Every 5 minutes',
  enabled: true,
  pausedAt: null,
  lastRun: null,
  nextRunAt: '2026-11-24T06:10:00.000Z',
};

describe('cron job screens', () => {
  let api: ApiCall[] = [];
  /** The calls so far, as `METHOD /path?query` without the /api/v1 prefix. */
  const calls = () => api.map((c) => `${c.method} ${c.url.replace(/^.*\/api\/v1/, '')}`);
  let paused = false;
  beforeEach(() => {
    paused = false;
    session.signIn('token-1', makeProfile({ permissions: ['EX-CRONJOB-LIST', 'EX-CRONJOB-MANAGE'], role: { name: 'Super admin', code: 'EXR-SUPER-ADMIN', kind: 'staff' } }));
    api = fakeApi(({ method, url }) => {
      const pollNow = { ...poll, enabled: !paused, pausedAt: paused ? '2026-11-24T06:05:00.000Z' : null, nextRunAt: paused ? null : poll.nextRunAt };
      if (method === 'POST' && url.endsWith('/run')) return envelope({ jobId: 'x' }, { status: 201, message: 'The job is queued to run now.' });
      if (method === 'POST' && url.endsWith('/pause')) {
        paused = true;
        return envelope({ ...pollNow, enabled: false }, { message: 'Cron job paused.' });
      }
      if (url.includes('/cronjobs/no.such/')) return notFound();
      if (/\/cronjobs\/no\.such(\?|$)/.test(url)) return notFound();
      if (url.includes('/cronjobs/shipping.poll-tracking/runs')) return envelope({ items: [failed, completed], total: 2, page: 1, pageSize: 20 });
      if (url.includes('/cronjobs/shipping.poll-tracking')) return envelope({ ...pollNow, lastRun: failed });
      if (url.endsWith('/cronjobs')) return envelope([purge, pollNow]);
      return envelope(null);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists the cron jobs with their schedule, last and next run, and runs one now after a confirmation', async () => {
    renderRoutes([{ path: '/app/setting-user/cronjob', element: <CronJobListPage /> }], '/app/setting-user/cronjob');
    expect(await screen.findByText('jobs.purge-receipts')).toBeTruthy();
    expect(screen.getByText('At 04:23 UTC')).toBeTruthy();
    expect(screen.getByText('Every 5 minutes')).toBeTruthy();
    expect(screen.getByText('Forget event receipts older than 30 days')).toBeTruthy();
    // The last run's result, and "never" for a job that has not run.
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('Never run')).toBeTruthy();
    // The name leads to the detail.
    expect(screen.getByRole('link', { name: 'shipping.poll-tracking' }).getAttribute('href')).toBe('/app/cronjob-detail/shipping.poll-tracking');

    const row = screen.getByText('shipping.poll-tracking').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Run now/ }));
    expect(await screen.findByText('Run shipping.poll-tracking now?')).toBeTruthy();
    expect(calls().some((c) => c.startsWith('POST'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Run now' }).at(-1)!);
    await waitFor(() => expect(calls()).toContain('POST /cronjobs/shipping.poll-tracking/run'));
    expect(await screen.findByText('The job is queued to run now.')).toBeTruthy();
  });

  it('opens filtered by the last run state from the URL (the dashboard links ?state=failed) and writes a change back', async () => {
    api = fakeApi(({ url }) => (url.endsWith('/cronjobs') ? envelope([purge, { ...poll, lastRun: failed }]) : envelope(null)));
    const { router } = renderRoutes([{ path: '/app/setting-user/cronjob', element: <CronJobListPage /> }], '/app/setting-user/cronjob?state=failed');
    expect(await screen.findByText('shipping.poll-tracking')).toBeTruthy();
    expect(screen.queryByText('jobs.purge-receipts')).toBeNull();
    const state = screen.getByRole('combobox', { name: 'Last run result' });
    fireEvent.mouseDown(state);
    fireEvent.click(await screen.findByTitle('Any last run'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('jobs.purge-receipts')).toBeTruthy();
    fireEvent.mouseDown(state);
    fireEvent.click(await screen.findByTitle('Succeeded'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=completed'));
    expect(screen.queryByText('shipping.poll-tracking')).toBeNull();
  });

  it('pauses a cron job from its switch after a confirmation, and shows it paused', async () => {
    renderRoutes([{ path: '/app/setting-user/cronjob', element: <CronJobListPage /> }], '/app/setting-user/cronjob');
    const toggle = await screen.findByRole('switch', { name: 'Enabled: shipping.poll-tracking' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(await screen.findByText('Pause shipping.poll-tracking?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls()).toContain('POST /cronjobs/shipping.poll-tracking/pause'));
    expect(await screen.findByText('Cron job paused.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: shipping.poll-tracking' }).getAttribute('aria-checked')).toBe('false'));
  });

  it('hides run now and locks the switch without EX-CRONJOB-MANAGE', async () => {
    session.signIn('token-2', makeProfile({ permissions: ['EX-CRONJOB-LIST'] }));
    renderRoutes([{ path: '/app/setting-user/cronjob', element: <CronJobListPage /> }], '/app/setting-user/cronjob');
    const toggle = await screen.findByRole('switch', { name: 'Enabled: jobs.purge-receipts' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Run now/ })).toBeNull();
  });

  it('shows the detail: facts, the runs newest first with states, durations and the error', async () => {
    renderRoutes([{ path: '/app/cronjob-detail/:id', element: <CronJobDetailPage /> }], '/app/cronjob-detail/shipping.poll-tracking');
    expect(await screen.findByText('Poll carriers for tracking events')).toBeTruthy();
    expect(screen.getByText('*/5 * * * *')).toBeTruthy();
    // The runs table (the facts are a table too).
    const table = (await screen.findByText('carrier tracking API unavailable')).closest('table')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('200 ms')).toBeTruthy();
    expect(within(rows[0]!).getByText('6')).toBeTruthy();
    expect(within(rows[1]!).getByText('Succeeded')).toBeTruthy();
    expect(within(rows[1]!).getByText('2.5 s')).toBeTruthy();
    // Dates in the user's offset (+07:00).
    expect(within(rows[1]!).getByText('24-11-2026 12:00:01')).toBeTruthy();
    expect(calls()).toContain('GET /cronjobs/shipping.poll-tracking/runs?page=1&pageSize=20');
  });

  it('says when a cron job does not exist', async () => {
    renderRoutes([{ path: '/app/cronjob-detail/:id', element: <CronJobDetailPage /> }], '/app/cronjob-detail/no.such');
    expect(await screen.findByText('This cron job does not exist.')).toBeTruthy();
  });
});

describe('cron job formatting', () => {
  it('formats durations and relative times', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(4200)).toBe('4.2 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    const t = ((k: string) => k) as never;
    const now = Date.parse('2026-11-24T06:00:00Z');
    expect(relativeTime('2026-11-24T05:59:30Z', now, 'en', t)).toBe('cronjobs.justNow');
    expect(relativeTime('2026-11-24T05:55:00Z', now, 'en', t)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now, 'en', t)).toBe('in 3 hours');
  });
});
