import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesState, defineEndpoint, type EndpointDef } from '@exship/contracts';
import * as contracts from '@exship/contracts';
import { startTestApp, type TestApp } from '../test/harness';
import { registerActivityLog } from './activity';
import { route } from './endpoints';
import { AppError } from './errors';
import { API_PREFIX, registerHttpPlatform, type AuthContext } from './http';
import { activityLog } from './platform.tables';

// The activity trail keeps changes only, and a change's line commits with the change's transaction.

const USER = crypto.randomUUID();
const reply = z.object({ ok: z.boolean() });
const endpoint = (method: EndpointDef['method'], path: string, extra: { status?: 201; readOnly?: true } = {}) =>
  defineEndpoint({ method, path, access: 'open', summary: `Test ${path}`, operationId: path.slice(1), tags: ['test'], reply, ...extra });

let t: TestApp;
let app: FastifyInstance;
let seenInHandler: string[] = [];

const lines = async () => t.db.select().from(activityLog).where(eq(activityLog.userId, USER));
const linesOf = async (operationId: string) => (await lines()).filter((l) => l.operationId === operationId);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.ctx.database.db;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpPlatform(app);
  app.addHook('onRequest', (req, _reply, done) => {
    req.auth = { userId: USER, accountId: USER, sessionId: USER, roleCode: 'EXR-CUSTOMER', roleName: 'Customer', roleKind: 'customer', permissions: new Set(), language: 'en', timeZone: '+07:00' } satisfies AuthContext;
    done();
  });
  registerActivityLog(app, t.ctx.database);
  const change = () => db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
  await app.register(
    async (api) => {
      route(api, endpoint('POST', '/made', { status: 201 }), async () => {
        await change();
        // Committed with the change: the line is there before the reply is sent.
        seenInHandler = (await linesOf('made')).map((l) => l.operationId);
        return { ok: true };
      });
      route(api, endpoint('POST', '/made-twice'), async () => {
        await change();
        await change();
        return { ok: true };
      });
      route(api, endpoint('POST', '/made-then-failed'), async () => {
        await change();
        throw new AppError('NOT_FOUND', 404);
      });
      route(api, endpoint('POST', '/rolled-back'), async () => {
        await db.transaction(async () => {
          throw new AppError('NOT_FOUND', 404);
        });
        return { ok: true };
      });
      route(api, endpoint('DELETE', '/without-transaction'), () => ({ ok: true }));
      route(api, endpoint('POST', '/read-only', { readOnly: true }), async () => {
        await change();
        return { ok: true };
      });
      route(api, endpoint('GET', '/read'), () => ({ ok: true }));
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string) => app.inject({ method, url: `${API_PREFIX}${path}`, ...(method === 'POST' ? { payload: {} } : {}) });

describe('activity trail', () => {
  it('writes a change\'s line in the change\'s transaction, once per request, with the status the caller got', async () => {
    expect((await call('POST', '/made')).statusCode).toBe(201);
    expect(seenInHandler).toEqual(['made']);
    expect(await linesOf('made')).toMatchObject([{ method: 'POST', route: '/made', status: 201, summary: 'Test /made' }]);

    expect((await call('POST', '/made-twice')).statusCode).toBe(200);
    expect(await linesOf('made-twice')).toHaveLength(1);

    // The change committed although the reply failed afterwards: its line stays, with the failure's status.
    expect((await call('POST', '/made-then-failed')).statusCode).toBe(404);
    expect(await linesOf('made-then-failed')).toMatchObject([{ status: 404 }]);
  });

  it('writes no line for a rolled-back change, a read-only POST or a GET; a change without a transaction still gets one', async () => {
    expect((await call('POST', '/rolled-back')).statusCode).toBe(404);
    expect((await call('POST', '/read-only')).statusCode).toBe(200);
    expect((await call('GET', '/read')).statusCode).toBe(200);
    expect(await linesOf('rolled-back')).toEqual([]);
    expect(await linesOf('read-only')).toEqual([]);
    expect(await linesOf('read')).toEqual([]);

    expect((await call('DELETE', '/without-transaction')).statusCode).toBe(200);
    expect(await linesOf('without-transaction')).toMatchObject([{ method: 'DELETE', status: 200 }]);
  });
});

describe('read-only endpoints', () => {
  const all = (Object.values(contracts) as unknown[]).filter((v): v is EndpointDef => typeof v === 'object' && v !== null && typeof (v as EndpointDef).operationId === 'string' && 'method' in v);

  it('are POSTs that only read: the quote, the order price, lists, lookups and exports sent with a body', () => {
    const readOnly = all.filter((e) => e.readOnly).map((e) => e.operationId).sort();
    expect(readOnly).toEqual(
      [
        'accountsByIds',
        'accountsForDiscount',
        'downloadLabels',
        'exportTransactionOrders',
        'exportTransactions',
        'listInvoices',
        'listTransactionOrders',
        'listTransactions',
        'previewEmailTemplate',
        'priceOrder',
        'quote',
        'quoteRates',
        'trackLookup',
      ].sort(),
    );
    expect(all.filter((e) => e.readOnly && e.method !== 'POST')).toEqual([]);
    expect(changesState({ method: 'POST' })).toBe(true);
    expect(changesState({ method: 'POST', readOnly: true })).toBe(false);
    expect(changesState({ method: 'GET' })).toBe(false);
  });
});
