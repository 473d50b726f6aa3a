import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '@exship/contracts';
import type { EndpointDef } from '@exship/contracts';
import { startTestApp, type TestApp } from './test/harness';

// The OpenAPI document is a product for API users. Every operation states who
// may call it, has a summary and an operationId, its success reply with a schema and its error
// replies with the shared error envelope; public operations need no bearer token.

/** Tags whose routes are not registered from endpoint descriptors yet; empty this list as they move. */
const NOT_YET_MIGRATED_TAGS = new Set<string>([]);

type Operation = {
  summary?: string;
  operationId?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  'x-permission'?: string;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  parameters?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas?: Record<string, unknown> } };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp();
  doc = (t.app as unknown as { swagger(): Doc }).swagger();
});
afterAll(() => t?.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
function operations() {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}
const migrated = () => operations().filter(({ op }) => !(op.tags ?? []).some((tag) => NOT_YET_MIGRATED_TAGS.has(tag)));

describe('the OpenAPI document', () => {
  it('names a server and the error envelope component', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({ type: 'object', required: expect.arrayContaining(['success', 'code', 'message']) });
  });

  it('walks the migrated operations (more than the auth ones)', () => {
    expect(migrated().length).toBeGreaterThanOrEqual(8);
  });

  it('every operation states its permission, a summary and a unique operationId', () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const { name, op } of migrated()) {
      if (!op['x-permission']) problems.push(`${name}: no x-permission`);
      if (!op.description?.includes('Access:')) problems.push(`${name}: the description does not state the access`);
      if (!op.summary) problems.push(`${name}: no summary`);
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} also used by ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
    }
    expect(problems).toEqual([]);
  });

  it('every operation has a reply schema for its success status and the error envelope for its error statuses', () => {
    const problems: string[] = [];
    for (const { name, op } of migrated()) {
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => /^2\d\d$/.test(s));
      if (success.length !== 1) problems.push(`${name}: success statuses ${success.join(',') || 'none'}`);
      for (const s of success) {
        const content = op.responses[s]!.content ?? {};
        const schemas = Object.values(content).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((schema) => !schema)) problems.push(`${name}: ${s} has no schema`);
        const json = content['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        if (json && !json.properties?.data) problems.push(`${name}: ${s} is not the { success, message, data } envelope`);
      }
      const errors = statuses.filter((s) => /^4\d\d$/.test(s));
      // Only a public operation that takes no input (the health probe) can have no error reply.
      if (errors.length === 0 && !(op['x-permission'] === 'public' && !op.requestBody && !op.parameters)) problems.push(`${name}: no error statuses`);
      for (const s of errors) {
        const schema = op.responses[s]!.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorEnvelope') problems.push(`${name}: ${s} does not refer to the error envelope`);
        if (!op.responses[s]!.description) problems.push(`${name}: ${s} has no description`);
      }
      const permission = op['x-permission'];
      if (permission !== 'public' && !statuses.includes('401')) problems.push(`${name}: signed-in operation without 401`);
      if (permission && permission !== 'public' && permission !== 'open' && !statuses.includes('403')) problems.push(`${name}: permission without 403`);
      if (op.requestBody && !statuses.includes('400')) problems.push(`${name}: takes a body but documents no 400`);
    }
    expect(problems).toEqual([]);
  });

  it('every operation with a path parameter documents 404 (a parameter that fails its check answers it)', () => {
    const problems = operations()
      .filter(({ op }) => (op.parameters as { in?: string }[] | undefined)?.some((p) => p.in === 'path'))
      .filter(({ op }) => !op.responses['404'])
      .map(({ name }) => name);
    expect(problems).toEqual([]);
  });

  it('public operations carry no bearer requirement; the others inherit it', () => {
    const ops = migrated();
    const publicOps = ops.filter(({ op }) => op['x-permission'] === 'public');
    expect(publicOps.map((o) => o.name)).toEqual(expect.arrayContaining(['POST /api/v1/login', 'POST /api/v1/register', 'POST /api/v1/password/forgot']));
    for (const { name, op } of publicOps) expect(op.security, name).toEqual([]);
    for (const { name, op } of ops.filter(({ op }) => op['x-permission'] !== 'public')) expect(op.security, name).toBeUndefined();
  });

  it('the bearer scheme describes API keys; the key routes are documented and marked session-only', () => {
    const scheme = (doc.components as { securitySchemes?: Record<string, { scheme?: string; description?: string }> }).securitySchemes?.bearer;
    expect(scheme?.scheme).toBe('bearer');
    expect(scheme?.description).toContain('exs_live_');
    const create = doc.paths['/api/v1/api-keys']!.post!;
    expect(create.operationId).toBe('createApiKey');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409']));
    expect((create as Record<string, unknown>)['x-session-only']).toBe(true);
    expect(create.description).toContain('Session only');
    expect(doc.paths['/api/v1/api-keys/{id}']!.delete!.operationId).toBe('revokeApiKey');
    expect((doc.paths['/api/v1/logout']!.get! as Record<string, unknown>)['x-session-only']).toBe(true);
    expect((doc.paths['/api/v1/orders']!.get! as Record<string, unknown>)['x-session-only']).toBeUndefined();
  });

  it('uploads declare their multipart body; xlsx downloads their file type; the quote its 422', () => {
    for (const path of ['/api/v1/products/import', '/api/v1/products/mockups', '/api/v1/zones/import', '/api/v1/pricing/import/{kind}']) {
      const body = doc.paths[path]!.post!.requestBody?.content['multipart/form-data']?.schema as { required?: string[]; properties?: Record<string, { format?: string }> };
      expect(body?.required, path).toEqual(['file']);
      expect(body.properties?.file?.format, path).toBe('binary');
      expect(Object.keys(doc.paths[path]!.post!.responses), path).toEqual(expect.arrayContaining(['400', '401', '403', '413']));
    }
    for (const path of ['/api/v1/zones/template.xlsx', '/api/v1/pricing/export/{kind}', '/api/v1/products/templates/product.xlsx']) {
      expect(Object.keys(doc.paths[path]!.get!.responses['200']!.content ?? {}), path).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    }
    // A month that has not ended cannot be invoiced yet (INVOICE_PERIOD_OPEN).
    expect(Object.keys(doc.paths['/api/v1/invoices/generate']!.post!.responses)).toContain('409');
    // An invitation to an email that already has an account elsewhere (MEMBER_EMAIL_TAKEN).
    expect(Object.keys(doc.paths['/api/v1/members/verify-invite/{id}']!.get!.responses)).toContain('409');
    const quote = doc.paths['/api/v1/quote']!.post!;
    expect(Object.keys(quote.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '422']));
    const data = (quote.responses['200']!.content!['application/json']!.schema as { properties: { data: { properties: Record<string, unknown> } } }).properties.data;
    expect(Object.keys(data.properties)).toEqual(expect.arrayContaining(['service', 'chargeableWeight', 'fees', 'discountCode']));
  });

  it('the sign-in reply documents the token and the profile', () => {
    const login = doc.paths['/api/v1/login']!.post!;
    const data = (login.responses['200']!.content!['application/json']!.schema as { properties: { data: { properties: Record<string, unknown> } } }).properties.data;
    expect(Object.keys(data.properties)).toEqual(expect.arrayContaining(['token', 'expiresAt', 'profile']));
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
  });
});

describe('a path that exists under other methods', () => {
  it('answers 405 METHOD_NOT_ALLOWED naming the methods it takes; an unknown path stays 404', async () => {
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/v1/orders?page=1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    const allow = String(wrong.headers.allow).split(', ');
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(allow).not.toContain('DELETE');

    // A path with a parameter matches its pattern.
    const withParam = await t.app.inject({ method: 'PUT', url: '/api/v1/avatars/0123456789abcdef0123456789abcdef.png' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('GET, HEAD');

    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(unknown.headers.allow).toBeUndefined();
  });
});

type JsonSchema = { type?: string; minLength?: number; pattern?: string; format?: string; enum?: unknown[]; anyOf?: JsonSchema[]; minimum?: number; maximum?: number; exclusiveMinimum?: boolean; properties?: Record<string, JsonSchema> };
const jsonBody = (path: string, method: string) => doc.paths[path]![method]!.requestBody!.content['application/json']!.schema as JsonSchema;

/** Whether a value valid under this document schema can be the empty string. */
const refusesEmpty = (j: JsonSchema): boolean => {
  if (j.anyOf) return j.anyOf.every(refusesEmpty);
  if (j.enum) return !j.enum.includes('');
  if ((j.minLength ?? 0) >= 1 || j.format === 'email' || j.format === 'uuid') return true;
  return !!j.pattern && !new RegExp(j.pattern, 'u').test('');
};

describe('the documented limits are the ones the server enforces', () => {
  it('a required text the server refuses when empty has minLength 1', () => {
    expect(jsonBody('/api/v1/register', 'post').properties!.fullName!.minLength).toBeGreaterThanOrEqual(1);
    expect(jsonBody('/api/v1/orders', 'post').properties!.recipient!.properties!.firstName!.minLength).toBeGreaterThanOrEqual(1);
  });

  it('every request body text property the schema refuses when empty is documented as refusing it', () => {
    const problems: string[] = [];
    const walk = (name: string, schema: z.ZodType, json: JsonSchema | undefined) => {
      const def = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType } } })._zod.def;
      if (!json) return;
      if (def.type === 'object' && json.properties) {
        for (const [key, value] of Object.entries(def.shape!)) walk(`${name}.${key}`, value, json.properties[key]);
      } else if (def.type === 'pipe') walk(name, def.in!, json);
      else if ((json.type === 'string' || json.anyOf) && !schema.safeParse('').success && !refusesEmpty(json)) problems.push(`${name}: ${JSON.stringify(json)}`);
    };
    const endpoints = (Object.values(contracts) as unknown[]).filter((e): e is EndpointDef => typeof e === 'object' && e !== null && 'operationId' in e && 'method' in e);
    for (const e of endpoints) {
      if (!e.body || e.multipart || e.hidden) continue;
      const path = `/api/v1${e.path.replace(/:(\w+)/g, '{$1}')}`;
      walk(`${e.method} ${e.path}`, e.body, doc.paths[path]?.[e.method.toLowerCase()]?.requestBody?.content['application/json']?.schema as JsonSchema | undefined);
    }
    expect(endpoints.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('money amounts document their bounds', () => {
    for (const [path, max] of [['/api/v1/orders/{orderId}/surcharges', 100_000], ['/api/v1/wallet/send-payment', 9_999_999]] as const) {
      const amount = jsonBody(path, 'post').properties!.amount!;
      expect(amount, path).toMatchObject({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: max });
    }
  });
});
