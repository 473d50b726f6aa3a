import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isServiceUnavailable, registerHttpPlatform } from './http';

// During a database restart a request gets 503 SERVICE_UNAVAILABLE with Retry-After, not a 500.

const codeError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** What drizzle throws: the driver's error as `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isServiceUnavailable', () => {
  it.each([
    ['connection refused', codeError('ECONNREFUSED')],
    ['connection reset', codeError('ECONNRESET')],
    ['57P01 admin shutdown', wrapped(codeError('57P01', 'terminating connection due to administrator command'))],
    ['57P02 crash shutdown', wrapped(codeError('57P02'))],
    ['57P03 cannot connect now', wrapped(codeError('57P03', 'the database system is starting up'))],
    ['08006 connection failure', wrapped(codeError('08006'))],
    ['08003 connection does not exist', codeError('08003')],
    ['a connection dropped while in use', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['refused, under two wrappers', wrapped(wrapped(codeError('ECONNREFUSED')))],
  ])('%s → unavailable', (_what, err) => {
    expect(isServiceUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(codeError('23505'))],
    ['a syntax error', wrapped(codeError('42601'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s → not unavailable', (_what, err) => {
    expect(isServiceUnavailable(err)).toBe(false);
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ loggerInstance: pino({ level: 'silent' }) as unknown as FastifyBaseLogger });
    registerHttpPlatform(app);
    app.get('/api/v1/restarting', { config: { access: 'public' } }, async () => {
      throw wrapped(codeError('57P01', 'terminating connection due to administrator command'));
    });
    app.get('/api/v1/refused', { config: { access: 'public' } }, async () => {
      throw codeError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    });
    app.get('/api/v1/bug', { config: { access: 'public' } }, async () => {
      throw new TypeError('x is undefined');
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After: 5 for a database going away or out of reach', async () => {
    for (const url of ['/api/v1/restarting', '/api/v1/refused']) {
      const res = await app.inject({ method: 'GET', url, headers: { language: 'vi' } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau vài giây.' });
    }
  });

  it('still answers 500 for a bug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
