import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, rolePermissions } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import { createUser } from './modules/users';
import { hashPassword } from './platform/passwords';
import { startTestApp, type TestApp } from './test/harness';

// For each seeded role, each route of the OpenAPI document answers 403 exactly
// when the role lacks the route's code. The requests carry no valid body and ids that exist nowhere,
// so a route the role may use answers 400 or 404 (or a read answers 200) — never 403 — and changes
// nothing; a route it may not use answers 403 before its input is read.

type Operation = { 'x-permission'?: string; operationId?: string };
type Doc = { paths: Record<string, Record<string, Operation>> };
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const NOWHERE = '00000000-0000-4000-8000-00000000f00d';

let t: TestApp;
let doc: Doc;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  doc = (t.app as unknown as { swagger(): Doc }).swagger();
  let ip = 10;
  for (const role of ROLES) {
    const email = `walk.${role.code.toLowerCase()}@example.com`;
    await createUser(t.db, { email, passwordHash: await hashPassword('Walk#Passw0rd!'), fullName: `Walk ${role.name}`, roleCode: role.code, status: 'active' });
    tokens.set(role.code, await t.login(email, 'Walk#Passw0rd!', `10.77.0.${ip++}`));
  }
}, 120_000);
afterAll(() => t?.close());

/** `/orders/{orderId}` → `/api/v1/orders/<an id that exists nowhere>` (the document's paths are under the server URL). */
const concrete = (path: string) => `/api/v1${path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, NOWHERE)}`;

describe('the permission catalog, walked', () => {
  it('every seeded role gets 403 exactly on the routes whose code it lacks', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => METHODS.has(m) && op['x-permission'] && op['x-permission'] !== 'public' && op['x-permission'] !== 'open')
        .map(([method, op]) => ({ method: method.toUpperCase(), path, code: op['x-permission']! })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let denied = 0;
    for (const role of ROLES) {
      const granted = new Set<string>(rolePermissions(role));
      const token = tokens.get(role.code)!;
      for (const op of operations) {
        // Sign-out would end the walk's own session.
        if (op.path.endsWith('/logout')) continue;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: concrete(op.path),
          headers: { authorization: `Bearer ${token}`, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: '{"__walk":true}' }),
        });
        const allowed = hasAccess(granted, op.code);
        if (!allowed) denied++;
        if ((res.statusCode === 403) !== !allowed) wrong.push(`${role.code} ${op.method} ${op.path} (${op.code}): ${res.statusCode}, expected ${allowed ? 'not 403' : '403'}`);
      }
    }
    expect(wrong).toEqual([]);
    // The walk proves something only if some roles are refused some routes.
    expect(denied).toBeGreaterThan(100);
  }, 300_000);
});
