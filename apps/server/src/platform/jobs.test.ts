import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '../test/harness';

// Issue #2: on each driver, a delayed job runs and a cron schedule is registered and fires.
const ran: { name: string; data: unknown; at: number }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    beforeStart: (ctx) => {
      ctx.jobs.register<{ n: number }>('test.delayed', async (data) => {
        ran.push({ name: 'test.delayed', data, at: Date.now() });
      });
      ctx.jobs.register('test.cron', async () => {
        ran.push({ name: 'test.cron', data: null, at: Date.now() });
      }, { cron: '* * * * *' });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe(`job engine on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('holds a delayed job until its time, then runs it', async () => {
    const id = await t.ctx.jobs.send('test.delayed', { n: 42 }, { startAfterSeconds: 3600 });
    const job = await t.ctx.database.executeSql('select state, start_after > now() + interval \'50 minutes\' as later from pgboss.job where id = $1', [id]);
    expect(job.rows[0]).toMatchObject({ state: 'created', later: true });
    // Several polling rounds pass without it running.
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran.filter((r) => r.name === 'test.delayed')).toHaveLength(0);
    // Drive the clock: the hour has passed.
    await t.ctx.database.executeSql('update pgboss.job set start_after = now() where id = $1', [id]);
    const done = await eventually(async () => ran.find((r) => r.name === 'test.delayed'));
    expect(done.data).toEqual({ n: 42 });
    await eventually(async () => {
      const r = await t.ctx.database.executeSql('select state from pgboss.job where id = $1', [id]);
      return r.rows[0]?.state === 'completed';
    });
  });

  it('registers cron schedules and fires them', async () => {
    const schedules = await t.ctx.database.executeSql('select name, cron from pgboss.schedule order by name');
    expect(schedules.rows).toEqual(
      expect.arrayContaining([
        { name: 'test.cron', cron: '* * * * *' },
        { name: 'auth.purge-expired', cron: '17 * * * *' },
      ]),
    );
    expect(t.ctx.jobs.schedules.map((s) => s.name)).toContain('auth.purge-expired');
    await eventually(async () => ran.find((r) => r.name === 'test.cron'), 20_000);
  });

  it('refuses a job name nobody registered', async () => {
    await expect(t.ctx.jobs.send('nope', {})).rejects.toThrow(/unknown job/);
  });
});
