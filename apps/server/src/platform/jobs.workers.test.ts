import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually, startTestApp, type TestApp } from '../test/harness';
import { defineEvent, emit, on } from './jobs';

// The real engine (workers poll, cron fires): the one file that needs it.
const Pinged = defineEvent('test.pinged', z.object({ n: z.number() }));
const ran: { name: string; data: unknown }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    jobs: 'workers',
    beforeStart: (ctx) => {
      ctx.jobs.register('test.cron', async () => void ran.push({ name: 'test.cron', data: null }), { cron: '* * * * *' });
      ctx.jobs.handle(on(Pinged, 'test.on-pinged', async (data) => void ran.push({ name: 'test.on-pinged', data })));
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe(`job workers on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a worker handles a committed event', async () => {
    await t.db.transaction((tx) => emit(tx, Pinged, { n: 5 }));
    const done = await eventually(async () => ran.find((r) => r.name === 'test.on-pinged'));
    expect(done.data).toEqual({ n: 5 });
  });

  it('registers cron schedules and fires them', async () => {
    const schedules = await t.ctx.database.executeSql('select name, cron from pgboss.schedule order by name');
    expect(schedules.rows).toEqual(expect.arrayContaining([{ name: 'test.cron', cron: '* * * * *' }]));
    await eventually(async () => ran.find((r) => r.name === 'test.cron'), 20_000);
  });
});
