import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_MIME, defineEndpoint } from '@exship/contracts';
import { endpointSchemaTransform, endpointSchemaTransformObject, route } from './endpoints';
import { API_PREFIX, registerHttpPlatform } from './http';

// The route helper: one descriptor gives validation, the envelope, the success status and message,
// reply checking, and the OpenAPI operation (uploads and downloads included).

const Thing = defineEndpoint({
  method: 'POST',
  path: '/things/:id',
  access: 'public',
  summary: 'Make a thing',
  operationId: 'makeThing',
  tags: ['test'],
  params: z.object({ id: z.string().uuid('validation.id.invalid') }),
  body: z.object({ name: z.string().min(1, 'validation.required') }),
  reply: z.object({ id: z.string(), name: z.string() }),
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});
const Drifting = defineEndpoint({ method: 'GET', path: '/drifting', access: 'public', summary: 'Drifts', operationId: 'drifting', tags: ['test'], reply: z.object({ count: z.number() }) });
const Fast = defineEndpoint({ method: 'GET', path: '/fast', access: 'public', summary: 'Fast', operationId: 'fast', tags: ['test'], reply: z.object({ count: z.number() }) });
const Upload = defineEndpoint({
  method: 'POST',
  path: '/uploads',
  access: 'EX-PRODUCT-IMPORT',
  summary: 'Upload a workbook',
  operationId: 'upload',
  tags: ['test'],
  multipart: { field: 'file', description: 'The workbook', accept: [XLSX_MIME] },
  reply: z.object({ rows: z.number() }),
});
const Download = defineEndpoint({
  method: 'GET',
  path: '/template.xlsx',
  access: 'open',
  summary: 'Download the template',
  operationId: 'template',
  tags: ['test'],
  reply: { binary: XLSX_MIME, description: 'The template workbook' },
});

const ID = '00000000-0000-4000-8000-000000000001';
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpPlatform(app);
  await app.register(fastifySwagger, { openapi: { openapi: '3.0.3', info: { title: 't', version: '1' } }, transform: endpointSchemaTransform, transformObject: endpointSchemaTransformObject });
  await app.register(
    async (api) => {
      route(api, Thing, (req) => ({ id: req.params.id, name: req.body.name, secret: 'dropped' }) as { id: string; name: string });
      route(api, Drifting, () => ({ count: 'many' }) as unknown as { count: number });
      route(api, Fast, () => ({ count: 3, extra: true }) as { count: number }, { serializer: 'compiled' });
      route(api, Upload, () => ({ rows: 0 }));
      route(api, Download, (_req, reply) => reply.type(XLSX_MIME).send(Buffer.from('PK')));
      // Routes written without a descriptor: the document's bearer requirement follows their access all the same.
      api.get('/raw-public', { config: { access: 'public' }, schema: { summary: 'Raw public' } }, () => 'ok');
      api.get('/raw-open', { config: { access: 'open' }, schema: { summary: 'Raw open', security: [] } as Record<string, unknown> }, () => 'ok');
      route(api, { ...Download, path: '/later.xlsx', operationId: 'later' }, async (_req, reply) => {
        await new Promise((resolve) => setImmediate(resolve));
        return reply.type(XLSX_MIME).send(Buffer.from('PK later'));
      });
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
});
afterAll(() => app?.close());

describe('route(app, endpoint, handler)', () => {
  it('validates the input, answers the success status with the envelope and its message, and drops fields outside the reply', async () => {
    const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/things/${ID}`, payload: { name: 'Mug' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Saved.', data: { id: ID, name: 'Mug' } });

    const bad = await app.inject({ method: 'POST', url: `${API_PREFIX}/things/${ID}`, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ field: 'name', message: expect.any(String) }] });
    // A malformed id in the path names nothing that exists: 404, like any unknown record.
    expect((await app.inject({ method: 'POST', url: `${API_PREFIX}/things/nope`, payload: { name: 'Mug' } })).statusCode).toBe(404);
  });

  it('a reply that drifts from its contract fails loudly instead of reaching the caller', async () => {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/drifting` });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('many');
  });

  it('a hot route writes through the compiled writer (fields outside the schema dropped)', async () => {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/fast` });
    expect(res.json()).toEqual({ success: true, message: 'OK', data: { count: 3 } });
  });

  it('a file endpoint sends its bytes as they are, from a synchronous or an async handler', async () => {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/template.xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.body).toBe('PK');
    const later = await app.inject({ method: 'GET', url: `${API_PREFIX}/later.xlsx` });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('PK later');
  });

  it('documents the operation: access, public security, error envelope, multipart body and file reply', () => {
    const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, Record<string, any>>>; components: { schemas: Record<string, unknown> } } }).swagger();
    const thing = doc.paths[`${API_PREFIX}/things/{id}`]!.post!;
    expect(thing).toMatchObject({ summary: 'Make a thing', operationId: 'makeThing', 'x-permission': 'public', security: [] });
    // A path parameter that fails its schema answers 404 (above), so every operation with one documents it.
    expect(Object.keys(thing.responses).sort()).toEqual(['201', '400', '404', '409']);
    expect(thing.responses['409'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(Object.keys(doc.components.schemas)).toEqual(['ErrorEnvelope']);

    const upload = doc.paths[`${API_PREFIX}/uploads`]!.post!;
    expect(upload.security).toBeUndefined();
    expect(upload.description).toContain('EX-PRODUCT-IMPORT');
    expect(Object.keys(upload.responses).sort()).toEqual(['200', '400', '401', '403', '413']);
    expect(upload.requestBody.content['multipart/form-data'].schema).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });

    expect(doc.paths[`${API_PREFIX}/raw-public`]!.get!.security).toEqual([]);
    expect(doc.paths[`${API_PREFIX}/raw-open`]!.get!.security).toBeUndefined();

    const download = doc.paths[`${API_PREFIX}/template.xlsx`]!.get!;
    expect(download.responses['200']).toMatchObject({ description: 'The template workbook', content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } });
  });
});
