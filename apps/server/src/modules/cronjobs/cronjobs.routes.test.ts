import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs, PURGE_RECEIPTS_JOB } from '../../platform/jobs';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createCronJobService } from './cronjobs.service';

// SPEC §2 /app/setting-user/cronjob through HTTP: the registered schedules with pg-boss's records,
// run now through the same handler, the run history (a failure with its error), pause and resume.

/** A test-only cron job whose handler fails while `failing` is set: the history must show the error. */
const FLAKY_JOB = 'test.flaky-report';
let failing = false;

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await startTestApp({
    beforeStart: (ctx) =>
      ctx.jobs.register(
        FLAKY_JOB,
        async () => {
          if (failing) throw new Error('report source unavailable');
        },
        { cron: '13 3 * * *', description: 'A report that can fail' },
      ),
  });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin, language = 'en') => t.call({ method: 'GET', url: `/api/v1${url}`, token, headers: { language } });
const post = (url: string, token = admin) => t.call({ method: 'POST', url: `/api/v1${url}`, token });
const scheduleRows = async (name: string) =>
  (await t.ctx.database.executeSql('select name, cron, options from pgboss.schedule where name = $1', [name])).rows;

describe('GET /cronjobs', () => {
  it('lists every registered schedule with its cron, words, enabled and next run', async () => {
    const res = await get('/cronjobs');
    expect(res.status).toBe(200);
    const names = res.body.data.map((j: { name: string }) => j.name);
    expect(names).toEqual(t.ctx.jobs.schedules.map((s) => s.name).sort((a, b) => a.localeCompare(b)));
    const flaky = res.body.data.find((j: { name: string }) => j.name === FLAKY_JOB);
    expect(flaky).toMatchObject({ cron: '13 3 * * *', schedule: 'At 03:13 UTC', description: 'A report that can fail', enabled: true, pausedAt: null, lastRun: null });
    // The next 03:13 UTC after now.
    const next = new Date(flaky.nextRunAt);
    expect(next.getUTCHours()).toBe(3);
    expect(next.getUTCMinutes()).toBe(13);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    for (const j of res.body.data) expect(j.nextRunAt, j.name).toEqual(expect.any(String));
  });

  it('says the schedule in the caller language', async () => {
    const res = await get(`/cronjobs/${FLAKY_JOB}`, admin, 'vi');
    expect(res.body.data.schedule).toBe('Vào 03:13 UTC');
  });

  it("describes every product job in the caller's language", async () => {
    const en = (await get('/cronjobs')).body.data as { name: string; description: string | null }[];
    const vi = (await get('/cronjobs', admin, 'vi')).body.data as { name: string; description: string | null }[];
    const product = en.filter((j) => j.name !== FLAKY_JOB);
    expect(product.length).toBeGreaterThan(10);
    for (const j of product) {
      const v = vi.find((x) => x.name === j.name)!;
      expect(v.description, j.name).toBeTruthy();
      expect(v.description, j.name).not.toBe(j.description);
    }
    expect(vi.find((j) => j.name === 'shipping.poll-tracking')!.description).toContain('hãng vận chuyển');
  });

  it('is for staff holding EX-CRONJOB-LIST only', async () => {
    expect((await get('/cronjobs', seller)).status).toBe(403);
    expect((await get(`/cronjobs/${FLAKY_JOB}/runs`, seller)).status).toBe(403);
    expect((await post(`/cronjobs/${FLAKY_JOB}/run`, seller)).status).toBe(403);
    expect((await post(`/cronjobs/${FLAKY_JOB}/pause`, seller)).status).toBe(403);
    expect((await get('/cronjobs')).status).toBe(200);
  });

  it('answers 404 for a name that is no cron job', async () => {
    expect((await get('/cronjobs/no.such-job')).status).toBe(404);
    expect((await get('/cronjobs/no.such-job/runs')).status).toBe(404);
    expect((await post('/cronjobs/no.such-job/run')).status).toBe(404);
    expect((await post('/cronjobs/no.such-job/pause')).status).toBe(404);
    // A queue without a schedule is not a cron job either; nor is a malformed name.
    expect((await get('/cronjobs/dead-letter')).status).toBe(404);
    expect((await get('/cronjobs/Bad%20Name')).status).toBe(404);
  });
});

describe('run now and the run history', () => {
  it('records a run with its start, end and result', async () => {
    const queued = await post(`/cronjobs/${PURGE_RECEIPTS_JOB}/run`);
    expect(queued.status).toBe(201);
    expect(queued.body.message).toBe('The job is queued to run now.');
    const jobId = queued.body.data.jobId as string;

    const waiting = await get(`/cronjobs/${PURGE_RECEIPTS_JOB}/runs`);
    expect(waiting.body.data.items[0]).toMatchObject({ id: jobId, state: 'created', startedAt: null, attempts: 0 });

    expect(await t.runJobs(PURGE_RECEIPTS_JOB)).toEqual({ ran: 1, failed: 0 });

    const runs = await get(`/cronjobs/${PURGE_RECEIPTS_JOB}/runs`);
    expect(runs.status).toBe(200);
    expect(runs.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const run = runs.body.data.items[0];
    expect(run).toMatchObject({ id: jobId, state: 'completed', attempts: 1, error: null });
    expect(Date.parse(run.startedAt)).toBeGreaterThanOrEqual(Date.parse(run.createdAt));
    expect(Date.parse(run.completedAt)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));
    expect(run.durationMs).toBe(Date.parse(run.completedAt) - Date.parse(run.startedAt));

    const job = await get(`/cronjobs/${PURGE_RECEIPTS_JOB}`);
    expect(job.body.data.lastRun).toMatchObject({ id: jobId, state: 'completed' });
  });

  it('shows a failed attempt with its error, then the success after it, newest first and paged', async () => {
    failing = true;
    const first = (await post(`/cronjobs/${FLAKY_JOB}/run`)).body.data.jobId as string;
    try {
      expect(await t.runJobs(FLAKY_JOB)).toEqual({ ran: 1, failed: 1 });
    } finally {
      failing = false;
    }

    let runs = (await get(`/cronjobs/${FLAKY_JOB}/runs`)).body.data;
    // pg-boss keeps the job for its next attempt, with the error of this one.
    expect(runs.items[0]).toMatchObject({ id: first, state: 'retry', attempts: 1, error: 'report source unavailable' });
    expect((await get(`/cronjobs/${FLAKY_JOB}`)).body.data.lastRun).toMatchObject({ state: 'retry', error: 'report source unavailable' });

    await new Promise((r) => setTimeout(r, 5)); // distinct created_on for the ordering below
    const second = (await post(`/cronjobs/${FLAKY_JOB}/run`)).body.data.jobId as string;
    await t.runJobs(FLAKY_JOB, { includeDelayed: true });

    runs = (await get(`/cronjobs/${FLAKY_JOB}/runs?pageSize=1`)).body.data;
    expect(runs.total).toBe(2);
    expect(runs.items).toHaveLength(1);
    expect(runs.items[0]).toMatchObject({ id: second, state: 'completed', error: null });
    const older = (await get(`/cronjobs/${FLAKY_JOB}/runs?pageSize=1&page=2`)).body.data.items[0];
    // The retry succeeded: its second attempt.
    expect(older).toMatchObject({ id: first, state: 'completed', attempts: 2 });
  });

  it('finds runs that pg-boss moved to its archive', async () => {
    const { jobId } = (await post(`/cronjobs/${PURGE_RECEIPTS_JOB}/run`)).body.data;
    await t.runJobs(PURGE_RECEIPTS_JOB);
    // What pg-boss's maintenance does to finished jobs: move them to the archive.
    await t.ctx.database.executeSql(
      `with moved as (delete from pgboss.job where id = $1 returning *) insert into pgboss.archive select *, now() from moved`,
      [jobId],
    );
    const runs = (await get(`/cronjobs/${PURGE_RECEIPTS_JOB}/runs`)).body.data;
    expect(runs.items.map((r: { id: string }) => r.id)).toContain(jobId);
    expect(runs.items.find((r: { id: string }) => r.id === jobId)).toMatchObject({ state: 'completed' });
  });
});

describe('pause and resume', () => {
  it('pause takes the schedule out of pg-boss and the list says disabled; resume brings it back', async () => {
    expect(await scheduleRows(FLAKY_JOB)).toHaveLength(1);
    const paused = await post(`/cronjobs/${FLAKY_JOB}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe('Cron job paused.');
    expect(paused.body.data).toMatchObject({ name: FLAKY_JOB, enabled: false, nextRunAt: null });
    expect(paused.body.data.pausedAt).toEqual(expect.any(String));
    expect(await scheduleRows(FLAKY_JOB)).toHaveLength(0);
    const listed = (await get('/cronjobs')).body.data.find((j: { name: string }) => j.name === FLAKY_JOB);
    expect(listed).toMatchObject({ enabled: false });

    // Pausing twice is harmless; a paused job can still be run by hand.
    expect((await post(`/cronjobs/${FLAKY_JOB}/pause`)).status).toBe(200);
    expect((await post(`/cronjobs/${FLAKY_JOB}/run`)).status).toBe(201);
    expect(await t.runJobs(FLAKY_JOB)).toMatchObject({ ran: 1, failed: 0 });

    const resumed = await post(`/cronjobs/${FLAKY_JOB}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ enabled: true, pausedAt: null });
    expect(resumed.body.data.nextRunAt).toEqual(expect.any(String));
    const rows = await scheduleRows(FLAKY_JOB);
    expect(rows).toMatchObject([{ name: FLAKY_JOB, cron: '13 3 * * *' }]);
    expect((rows[0]!.options as { tz?: string }).tz).toBe('UTC');
  });

  it('a paused job stays paused when the job engine starts again', async () => {
    await post(`/cronjobs/${FLAKY_JOB}/pause`);
    // Simulate what an older process left behind: the schedule row back in pg-boss.
    await t.ctx.database.executeSql(`insert into pgboss.schedule (name, cron, timezone, data, options) values ($1, '13 3 * * *', 'UTC', '{}', '{"tz":"UTC"}')`, [FLAKY_JOB]);
    // A restart: a new engine on the same database, with the same registration and the module's check.
    const restarted = new Jobs(t.ctx.database, t.app.log, { mode: 'manual' });
    restarted.register(FLAKY_JOB, async () => {}, { cron: '13 3 * * *' });
    restarted.skipSchedulesOf(createCronJobService(t.ctx).pausedNames);
    await restarted.start();
    try {
      expect(await scheduleRows(FLAKY_JOB)).toHaveLength(0);
      // The other schedules are registered as usual.
      expect(await scheduleRows(PURGE_RECEIPTS_JOB)).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
    await post(`/cronjobs/${FLAKY_JOB}/resume`);
    expect(await scheduleRows(FLAKY_JOB)).toHaveLength(1);
  });
});
