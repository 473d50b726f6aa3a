import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@exship/contracts';
import { loggableError } from './db';
import { registerHttpPlatform } from './http';

// The error handler: a failed statement is logged without its parameters or the driver's text that
// quotes them, and a path parameter that cannot name a record answers 404.
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';
const SECRET_EMAIL = 'victim@example.com';

let app: FastifyInstance;
let client: PGlite;
const lines: string[] = [];

beforeAll(async () => {
  client = await PGlite.create('memory://');
  const db = drizzle({ client });
  await db.execute(sql`create table people (email text primary key, hash text not null)`);
  await db.execute(sql`insert into people values (${SECRET_EMAIL}, 'x')`);
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const log = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
  app = Fastify({ loggerInstance: log }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpPlatform(app);
  // A type error whose driver message quotes the value, and a unique violation whose detail quotes the key.
  app.get('/api/v1/cast', { config: { access: 'public' } }, async () => db.execute(sql`select ${SECRET_HASH}::int`));
  app.get('/api/v1/dup', { config: { access: 'public' } }, async () => db.execute(sql`insert into people values (${SECRET_EMAIL}, ${SECRET_HASH})`));
  app.get('/api/v1/things/:id', { config: { access: 'public' }, schema: { params: IdParamsSchema } }, async (req) => ({ id: (req.params as { id: string }).id }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await client?.close();
});

describe('a failed statement in the log', () => {
  it.each(['/api/v1/cast', '/api/v1/dup'])('%s answers 500 and logs no parameter or quoted value', async (url) => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    // The statement text and its SQLSTATE are there for whoever debugs it…
    expect(logged).toMatch(/"sqlState":"(22P02|23505)"/);
    expect(logged).toContain('$1');
    // …its values are not.
    expect(logged).not.toContain('SECRETHASHVALUE');
    expect(logged).not.toContain(SECRET_EMAIL);
  });

  it('leaves other errors as they are', () => {
    const err = new Error('plain');
    expect(loggableError(err)).toBe(err);
  });
});

describe('a path parameter that cannot name a record', () => {
  it.each(['xyz', 'a%00', '00000000-0000-0000-0000-00000000000g'])('/things/%s is 404 NOT_FOUND', async (id) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/things/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
  it('a well-formed id passes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/things/0b7c3f2e-1d4a-4c5b-9e6f-7a8b9c0d1e2f' });
    expect(res.statusCode).toBe(200);
  });
});
