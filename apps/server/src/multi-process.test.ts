import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, eventually, startTestApp, type TestApp } from './test/harness';
import { multipartFile, readXlsx, xlsxOf } from './test/files';
import { S3_CREDENTIALS, startS3 } from './test/s3';

// Two server processes behind a load balancer: one PostgreSQL database, one S3 bucket. Whatever one
// of them stores or decides (files, sessions, queued imports), the other sees.

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('two app instances on one database and one S3 server', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    s3 = await startS3(['exship-shared']);
    const env = {
      STORAGE_URL: `s3://exship-shared/files?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      MULTI_PROCESS: 'true',
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
    };
    a = await startTestApp({ env });
    b = await startTestApp({ env, shareDatabaseOf: a });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('an error workbook stored by A downloads from B, with the token A issued; a file gone is 404', async () => {
    const seller = await a.login(SELLER.email, SELLER.password);
    const res = await a.call({
      method: 'POST',
      url: '/api/v1/products/import-variants',
      token: seller,
      ...multipartFile('v.xlsx', await xlsxOf(['Product_ID', 'HScode_product', 'SKU', 'Shape', 'Width_cm', 'Height_cm', 'Length_cm', 'Weight_gr', 'Product_price'], [['x', 'h', 'S1', null, 1, 1, 1, 10, 1]])),
    });
    expect(res.status).toBe(400);
    const { importId, errorWorkbook } = res.body.details;
    const download = await b.app.inject({ method: 'GET', url: errorWorkbook.url, headers: { authorization: `Bearer ${seller}` } });
    expect(download.statusCode).toBe(200);
    expect((await readXlsx(download.rawPayload))[0]!.at(-1)).toBe('Errors');

    // The object itself removed from the bucket: the route answers 404, not 500.
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
    const accountId = (await a.ctx.database.executeSql('select account_id from import_runs where id = $1', [importId])).rows[0]!.account_id as string;
    await client.send(new DeleteObjectCommand({ Bucket: 'exship-shared', Key: `files/imports/${accountId}/${importId}_errors.xlsx` }));
    client.destroy();
    expect((await b.call({ method: 'GET', url: errorWorkbook.url, token: seller })).status).toBe(404);
  });

  it('a large import uploaded to A runs as a job on B', async () => {
    const admin = await a.login(ADMIN.email, ADMIN.password);
    const rand = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2, 12)).join('').slice(0, n);
    const rows = Array.from({ length: 6500 }, () => [`${rand(60)}@example.com`, rand(90), rand(95)]);
    const data = await xlsxOf(['Customer_email', 'SKU', 'Partner_product_id'], rows);
    const res = await a.call({ method: 'POST', url: '/api/v1/products/import-partner-ids', token: admin, ...multipartFile('partners.xlsx', data) });
    expect(res.status).toBe(202);
    const run = await eventually(async () => {
      await b.runJobs('imports.run');
      const r = await b.call({ method: 'GET', url: `/api/v1/imports/${res.body.data.importId}`, token: admin });
      return ['succeeded', 'failed'].includes(r.body.data.status) ? r.body.data : null;
    }, 60_000, 250);
    // B read the upload A stored: the run ends with the rows' own errors, not a missing file.
    expect(run).toMatchObject({ status: 'failed', error: { code: 'IMPORT_ROWS_INVALID' } });
    const download = await a.app.inject({ method: 'GET', url: run.error.details.errorWorkbook.url, headers: { authorization: `Bearer ${admin}` } });
    expect(download.statusCode).toBe(200);
  }, 120_000);

  it('a logout on A refuses the token on B at once (the change feed drops the session B had kept)', async () => {
    const token = await a.login(SELLER.email, SELLER.password);
    const userId = (await a.ctx.database.executeSql('select id from users where email = $1', [SELLER.email])).rows[0]!.id as string;
    // B has resolved (and keeps for a few seconds) the session before the logout.
    expect((await b.call({ method: 'GET', url: '/api/v1/me', token })).status).toBe(200);
    // What B's feed hears of sessions, after the auth module's own handler has heard it.
    const heard: (string | null)[] = [];
    b.ctx.database.changes.on('sessions', (id) => void heard.push(id));
    expect((await a.call({ method: 'GET', url: '/api/v1/logout', token })).status).toBe(200);
    await eventually(async () => heard.includes(userId) || null, 10_000, 10);
    // B has heard the logout: its very next request refuses the token, which B would otherwise still answer from what it kept.
    const refused = await b.call({ method: 'GET', url: '/api/v1/me', token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });

  it('a payment on A shows in the wallet B answers, and B answers from the database while its feed is down', async () => {
    const token = await a.login(SELLER.email, SELLER.password);
    const balanceOn = async (app: TestApp) => (await app.call({ method: 'GET', url: '/api/v1/me', token })).body.data.wallet.balance as number;
    const account = (await a.ctx.database.executeSql('select account_id from users where email = $1', [SELLER.email])).rows[0]!.account_id as string;
    const before = await balanceOn(b);
    expect(await balanceOn(b)).toBe(before);
    await a.ctx.database.executeSql('update wallets set balance_cents = balance_cents + 500 where account_id = $1', [account]);
    expect(await eventually(async () => ((await balanceOn(b)) === before + 5 ? true : null), 2_000, 10)).toBe(true);

    // B's listening connection is cut: B keeps nothing until it listens again, so no change is missed.
    await a.ctx.database.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN exship_changes%'`);
    await eventually(async () => !b.ctx.database.changes.live || null, 5_000, 10);
    await a.ctx.database.executeSql('update wallets set balance_cents = balance_cents + 700 where account_id = $1', [account]);
    expect(await balanceOn(b)).toBe(before + 12);
    await eventually(async () => b.ctx.database.changes.live || null, 10_000, 50);
    await a.ctx.database.executeSql('update wallets set balance_cents = balance_cents - 1200 where account_id = $1', [account]);
    expect(await eventually(async () => ((await balanceOn(b)) === before ? true : null), 2_000, 10)).toBe(true);
  });
});
