import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { eventually, startTestApp, type TestApp } from '../test/harness';
import { Jobs, defineEvent, emit, on } from './jobs';

// The real engine (workers poll, cron fires): the one file that needs it.
const Pinged = defineEvent('test.pinged', z.object({ n: z.number() }));
const ran: { name: string; data: unknown }[] = [];
const slow = { running: 0, most: 0, attempts: new Map<number, number>() };
const SLOW_CONCURRENCY = 3;
const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    jobs: 'workers',
    beforeStart: (ctx) => {
      ctx.jobs.register('test.cron', async () => void ran.push({ name: 'test.cron', data: null }), { cron: '* * * * *' });
      ctx.jobs.handle(on(Pinged, 'test.on-pinged', async (data) => void ran.push({ name: 'test.on-pinged', data })));
      ctx.jobs.register<{ n: number }>(
        'test.slow',
        async ({ n }) => {
          slow.attempts.set(n, (slow.attempts.get(n) ?? 0) + 1);
          slow.running++;
          slow.most = Math.max(slow.most, slow.running);
          await new Promise((r) => setTimeout(r, 300));
          slow.running--;
          if (n === 3) throw new Error('job 3 fails');
        },
        { concurrency: SLOW_CONCURRENCY },
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** A logger that keeps what is logged at error level. */
function recordingLog(errors: string[]): FastifyBaseLogger {
  const log = {
    level: 'info',
    error: (o: { err?: Error } | string, msg?: string) => void errors.push(typeof o === 'string' ? o : `${msg}: ${o.err?.message ?? ''}`),
    warn() {},
    info() {},
    debug() {},
    trace() {},
    fatal() {},
    silent() {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

describe(`job workers on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a worker handles a committed event', async () => {
    await t.db.transaction((tx) => emit(tx, Pinged, { n: 5 }));
    const done = await eventually(async () => ran.find((r) => r.name === 'test.on-pinged'));
    expect(done.data).toEqual({ n: 5 });
  });

  it('registers cron schedules and fires them', async () => {
    const schedules = await t.ctx.database.executeSql('select name, cron from pgboss.schedule order by name');
    expect(schedules.rows).toEqual(expect.arrayContaining([{ name: 'test.cron', cron: '* * * * *' }]));
    await eventually(async () => ran.find((r) => r.name === 'test.cron'), 70_000);
  }, 80_000);

  it('runs a queue’s jobs several at a time up to its concurrency (one at a time on PGlite); a failing one retries alone', async () => {
    for (let n = 1; n <= 7; n++) await t.ctx.jobs.send('test.slow', { n });
    const states = async () =>
      (await t.ctx.database.executeSql("select data->>'n' as n, state, retry_count from pgboss.job where name = 'test.slow' order by (data->>'n')::int")).rows as {
        n: string;
        state: string;
        retry_count: number;
      }[];
    await eventually(async () => (await states()).every((j) => j.state === 'completed' || j.state === 'retry'), 20_000);
    expect(slow.most).toBe(onPostgres ? SLOW_CONCURRENCY : 1);
    const all = await states();
    // Fetched in the same batch as job 3, the others completed; only job 3 waits for its retry.
    expect(all.filter((j) => j.state === 'retry').map((j) => j.n)).toEqual(['3']);
    expect(all.filter((j) => j.state === 'completed')).toHaveLength(6);
    expect([...slow.attempts.values()].every((a) => a === 1)).toBe(true);
  });
});

describe('start and stop', () => {
  // Each engine here is its own Jobs on the test app's database, with queues no other test uses.
  const build = (mode: 'manual' | 'workers', errors: string[], prefix: string, handlers: { first?: (jobs: Jobs) => Promise<void> } = {}) => {
    const jobs = new Jobs(t.ctx.database, recordingLog(errors), { mode, pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1 });
    jobs.register(`${prefix}.first`, async () => handlers.first?.(jobs));
    // Queues registered after the first one make start() take a while.
    for (let i = 0; i < 30; i++) jobs.register(`${prefix}.filler-${i}`, async () => {});
    jobs.register<{ from: string }>(`${prefix}.last`, async (d) => void got.push(`${prefix}:${d.from}`));
    return jobs;
  };
  const got: string[] = [];

  it('a job queued before the start runs as soon as workers start, and may send to any queue', async () => {
    const errors: string[] = [];
    const before = build('manual', errors, 'race');
    await before.start();
    await before.send('race.first', {});
    await before.stop();

    const jobs = build('workers', errors, 'race', { first: async (j) => void (await j.send('race.last', { from: 'first' })) });
    try {
      await jobs.start();
      await eventually(async () => got.includes('race:first') || errors.length > 0);
    } finally {
      await jobs.stop();
    }
    // Before the fix: "job failed: the job engine is not started", and the job waited for a retry.
    expect(errors).toEqual([]);
    expect(got).toContain('race:first');
  });

  it('a job queued in a transaction runs once it commits, without waiting for the poll; a rolled-back one never', async () => {
    const errors: string[] = [];
    const Soon = defineEvent('test.soon', z.object({ n: z.number() }));
    const jobs = new Jobs(t.ctx.database, recordingLog(errors), { mode: 'workers', pollingIntervalSeconds: 3600, cronIntervalSeconds: 30 });
    jobs.register<{ from: string }>('soon.sent', async (d) => void got.push(`soon:${d.from}`));
    jobs.handle(on(Soon, 'soon.on-event', async (d) => void got.push(`soon:event ${d.n}`)));
    await jobs.start();
    try {
      // The poll looked once at the start; the next look is an hour away.
      await new Promise((r) => setTimeout(r, 200));
      await t.db.transaction(async (tx) => {
        await jobs.send('soon.sent', { from: 'send' }, { tx });
        await emit(tx, Soon, { n: 1 });
      });
      await t.db
        .transaction(async (tx) => {
          await emit(tx, Soon, { n: 2 });
          throw new Error('rolled back');
        })
        .catch(() => {});
      await eventually(async () => got.includes('soon:send') && got.includes('soon:event 1'), 10_000);
    } finally {
      await jobs.stop();
    }
    expect(got.filter((g) => g.startsWith('soon:')).sort()).toEqual(['soon:event 1', 'soon:send']);
    expect(errors).toEqual([]);
  });

  it('stopping lets a running job finish, and it may still send', async () => {
    const errors: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const jobs = build('workers', errors, 'stop', {
      first: async (j) => {
        started();
        await new Promise((r) => setTimeout(r, 500));
        await j.send('stop.last', { from: 'first' });
      },
    });
    await jobs.start();
    await jobs.send('stop.first', {});
    await running;
    await jobs.stop();
    const rows = (await t.ctx.database.executeSql("select name, state from pgboss.job where name in ('stop.first', 'stop.last') order by name")).rows;
    expect(rows).toEqual([
      { name: 'stop.first', state: 'completed' },
      // Queued during the stop: left for the next start, not run by a stopping engine.
      { name: 'stop.last', state: 'created' },
    ]);
    expect(errors).toEqual([]);
  });
});
