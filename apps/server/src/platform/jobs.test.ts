import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../test/harness';
import { BULK_PRIORITY, DEAD_LETTER_QUEUE, PURGE_RECEIPTS_JOB, defineEvent, defineJob, emit, emitMany, on } from './jobs';

// The job engine in manual mode (the test decides when jobs run) and the transactional outbox.
const Happened = defineEvent('test.happened', z.object({ n: z.number().int(), at: z.iso.datetime().transform((s) => new Date(s)) }));
const ON_HAPPENED = 'test.on-happened';
const Typed = defineJob('test.typed', z.object({ n: z.number().int() }));
const Ordered = defineEvent('test.ordered', z.object({ n: z.number().int() }));
const FollowUp = defineJob('test.follow-up', z.object({ n: z.number().int() }));
const Filtered = defineEvent('test.filtered', z.object({ n: z.number().int() }));
const filteredRan: number[] = [];
const orderedRan: number[] = [];
const followUpsRan: number[] = [];

const handled: { n: number; at: Date }[] = [];
const attempts: number[] = [];
let failNext = 0;
const typed: unknown[] = [];
const delayed: unknown[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    beforeStart: (ctx) => {
      ctx.jobs.handle(
        on(Happened, ON_HAPPENED, async (payload, job) => {
          attempts.push(payload.n);
          if (failNext > 0) {
            failNext--;
            throw new Error('the handler fails this time');
          }
          expect(job.tx).toBeDefined();
          handled.push(payload);
        }),
      );
      ctx.jobs.register(Typed, async (data) => void typed.push(data));
      ctx.jobs.register<{ n: number }>('test.delayed', async (data) => void delayed.push(data));
      ctx.jobs.handle(
        on(Ordered, 'test.on-ordered', async (p, { tx }) => {
          orderedRan.push(p.n);
          await ctx.jobs.send(FollowUp, { n: p.n }, { tx });
        }),
      );
      ctx.jobs.register(FollowUp, async (data) => void followUpsRan.push(data.n));
      // Acts on positive n only, and says so: emit queues nothing for the others.
      ctx.jobs.handle(
        on(
          Filtered,
          'test.on-filtered',
          async (p) => {
            if (p.n > 0) filteredRan.push(p.n);
          },
          'Filtered',
          (p) => p.n > 0,
        ),
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const jobsOf = async (queue: string) =>
  (await t.ctx.database.executeSql('select id, state, data, retry_count from pgboss.job where name = $1 order by created_on', [queue])).rows as {
    id: string;
    state: string;
    data: unknown;
    retry_count: number;
  }[];

describe(`job engine on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('holds a delayed job until its time, then runs it', async () => {
    const id = await t.ctx.jobs.send('test.delayed', { n: 42 }, { startAfterSeconds: 3600 });
    const job = await t.ctx.database.executeSql("select state, start_after > now() + interval '50 minutes' as later from pgboss.job where id = $1", [id]);
    expect(job.rows[0]).toMatchObject({ state: 'created', later: true });
    // Not due: running the queue now finds nothing.
    expect(await t.runJobs('test.delayed')).toEqual({ ran: 0, failed: 0 });
    expect(delayed).toHaveLength(0);
    // Drive the clock: the hour has passed.
    await t.ctx.database.executeSql("update pgboss.job set start_after = now() - interval '1 second' where id = $1", [id]);
    expect(await t.runJobs('test.delayed')).toEqual({ ran: 1, failed: 0 });
    expect(delayed).toEqual([{ n: 42 }]);
    const done = await t.ctx.database.executeSql('select state from pgboss.job where id = $1', [id]);
    expect(done.rows[0]?.state).toBe('completed');
  });

  it('registers cron schedules (they fire in workers mode: jobs.workers.test.ts)', async () => {
    const schedules = await t.ctx.database.executeSql('select name, cron from pgboss.schedule order by name');
    expect(schedules.rows).toEqual(expect.arrayContaining([{ name: 'auth.purge-expired', cron: '17 * * * *' }]));
    expect(t.ctx.jobs.schedules.map((s) => s.name)).toContain('auth.purge-expired');
  });

  it('refuses a job name nobody registered', async () => {
    await expect(t.ctx.jobs.send('nope', {})).rejects.toThrow(/unknown job/);
  });

  it('a typed job refuses an invalid payload when sent and hands the handler the parsed one', async () => {
    await expect(t.ctx.jobs.send(Typed, { n: 1.5 })).rejects.toThrow(/invalid payload for test.typed/);
    await t.ctx.jobs.send(Typed, { n: 7 });
    expect(await t.runJobs(Typed.name)).toEqual({ ran: 1, failed: 0 });
    expect(typed).toEqual([{ n: 7 }]);
  });
});

describe('transactional outbox', () => {
  it('an event emitted in a transaction that rolls back enqueues nothing', async () => {
    const before = (await jobsOf(ON_HAPPENED)).length;
    await expect(
      t.db.transaction(async (tx) => {
        const ids = await emit(tx, Happened, { n: 1, at: new Date().toISOString() });
        expect(ids).toHaveLength(1); // written in the transaction…
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await jobsOf(ON_HAPPENED)).toHaveLength(before); // …and gone with it
    expect(await t.runJobs(ON_HAPPENED, { includeDelayed: true })).toEqual({ ran: 0, failed: 0 });
    expect(attempts).not.toContain(1);
  });

  it('one that commits is handled exactly once, even when its handler fails once', async () => {
    const at = new Date().toISOString();
    await t.db.transaction(async (tx) => {
      await emit(tx, Happened, { n: 2, at });
    });
    failNext = 1;
    expect(await t.runJobs(ON_HAPPENED)).toEqual({ ran: 1, failed: 1 });
    const [job] = (await jobsOf(ON_HAPPENED)).filter((j) => (j.data as { n: number }).n === 2);
    expect(job).toMatchObject({ state: 'retry' });
    // The retry waits for its backoff…
    expect(await t.runJobs(ON_HAPPENED)).toEqual({ ran: 0, failed: 0 });
    // …and succeeds once it is due.
    expect(await t.runJobs(ON_HAPPENED, { includeDelayed: true })).toEqual({ ran: 1, failed: 0 });
    expect(attempts.filter((n) => n === 2)).toHaveLength(2);
    expect(handled.filter((h) => h.n === 2)).toHaveLength(1);
    // A redelivery (a crash between the handler's commit and the job's completion) finds the receipt.
    await t.ctx.database.executeSql("update pgboss.job set state = 'created', completed_on = null, start_after = now() - interval '1 second' where name = $1 and id = $2", [ON_HAPPENED, job!.id]);
    expect(await t.runJobs(ON_HAPPENED)).toEqual({ ran: 1, failed: 0 });
    expect(handled.filter((h) => h.n === 2)).toHaveLength(1);
    expect(attempts.filter((n) => n === 2)).toHaveLength(2);
  });

  it("a fact the handler's `when` refuses queues no job for it; the others are handled", async () => {
    const before = (await jobsOf('test.on-filtered')).length;
    const ids = await t.db.transaction((tx) => emitMany(tx, Filtered, [{ n: -1 }, { n: 5 }, { n: 0 }]));
    expect(ids).toHaveLength(1);
    expect(await t.db.transaction((tx) => emit(tx, Filtered, { n: -2 }))).toEqual([]);
    expect((await jobsOf('test.on-filtered')).map((j) => j.data)).toHaveLength(before + 1);
    expect(await t.runJobs('test.on-filtered')).toEqual({ ran: 1, failed: 0 });
    expect(filteredRan).toEqual([5]);
  });

  it('a handler gets a typed, validated payload', async () => {
    const at = '2026-11-23T10:00:00.000Z';
    await t.db.transaction((tx) => emit(tx, Happened, { n: 3, at }));
    await t.runJobs(ON_HAPPENED);
    const got = handled.find((h) => h.n === 3)!;
    // Parsed by the event's schema: the ISO text arrives as a Date.
    expect(got.at).toBeInstanceOf(Date);
    expect(got.at.toISOString()).toBe(at);
  });

  it('emit refuses an invalid payload, and a job with one fails for good without reaching the handler', async () => {
    await expect(t.db.transaction((tx) => emit(tx, Happened, { n: 'four' as unknown as number, at: 'x' }))).rejects.toThrow(/invalid payload for test.happened/);
    // A payload that bypassed emit (an older version's job, a hand-made row): no retries, dead letter.
    const id = await t.ctx.jobs.send(ON_HAPPENED, { n: 'four' });
    const before = attempts.length;
    expect(await t.runJobs(ON_HAPPENED)).toEqual({ ran: 1, failed: 1 });
    expect(attempts).toHaveLength(before);
    const [job] = (await jobsOf(ON_HAPPENED)).filter((j) => j.id === id);
    expect(job).toMatchObject({ state: 'failed' });
    const dead = await jobsOf(DEAD_LETTER_QUEUE);
    expect(dead.map((d) => d.data)).toContainEqual({ n: 'four' });
    expect(await t.runJobs(ON_HAPPENED, { includeDelayed: true })).toEqual({ ran: 0, failed: 0 });
  });

  it('forgets receipts older than 30 days, keeps newer ones', async () => {
    const old = '00000000-0000-4000-8000-000000000001';
    const fresh = '00000000-0000-4000-8000-000000000002';
    await t.ctx.database.executeSql("insert into job_receipts (job_id, queue, handled_at) values ($1, 'x', now() - interval '31 days'), ($2, 'x', now() - interval '29 days')", [old, fresh]);
    await t.ctx.jobs.send(PURGE_RECEIPTS_JOB, {});
    expect(await t.runJobs(PURGE_RECEIPTS_JOB)).toEqual({ ran: 1, failed: 0 });
    const left = await t.ctx.database.executeSql('select job_id from job_receipts where job_id in ($1, $2)', [old, fresh]);
    expect(left.rows).toEqual([{ job_id: fresh }]);
  });

  it('staff with the cron job permission list dead jobs; sellers may not', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.call({ method: 'GET', url: '/api/v1/jobs/dead', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual(expect.objectContaining({ queue: ON_HAPPENED, data: { n: 'four' }, attempts: 1, error: expect.stringContaining('invalid payload') }));
    const seller = await t.login(SELLER.email, SELLER.password);
    expect((await t.call({ method: 'GET', url: '/api/v1/jobs/dead', token: seller })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/jobs/dead?limit=0', token: admin })).status).toBe(400);
  });
});

describe('bulk and single actions', () => {
  it("a single action's job goes before a bulk's backlog, and the jobs each one causes stay in its lane", async () => {
    await t.db.transaction((tx) => emitMany(tx, Ordered, [{ n: 1 }, { n: 2 }, { n: 3 }]));
    await t.db.transaction((tx) => emit(tx, Ordered, { n: 4 }));
    expect(await t.runJobs('test.on-ordered')).toEqual({ ran: 4, failed: 0 });
    // The bulk's own jobs share one creation time: among themselves, any order.
    expect(orderedRan[0]).toBe(4);
    expect(orderedRan.slice(1).sort()).toEqual([1, 2, 3]);
    const lanes = (await t.ctx.database.executeSql("select data->>'n' as n, priority from pgboss.job where name = $1 order by data->>'n'", [FollowUp.name])).rows;
    expect(lanes).toEqual([
      { n: '1', priority: BULK_PRIORITY },
      { n: '2', priority: BULK_PRIORITY },
      { n: '3', priority: BULK_PRIORITY },
      { n: '4', priority: 0 },
    ]);
    expect(await t.runJobs(FollowUp.name)).toEqual({ ran: 4, failed: 0 });
    expect(followUpsRan[0]).toBe(4);
    expect(followUpsRan.slice(1).sort()).toEqual([1, 2, 3]);
  });
});
