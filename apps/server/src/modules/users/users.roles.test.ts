import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createUser } from '.';

// SPEC §2 /app/setting-user/role, /resource, /permission; §6 configurable roles.

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, token: string, payload?: unknown) => t.call({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });

async function roleByCode(code: string) {
  const res = await api('GET', '/roles', admin);
  expect(res.status).toBe(200);
  return (res.body.data as { id: string; code: string; seeded: boolean; usersCount: number; permissions: string[]; parentCode: string | null }[]).find((r) => r.code === code);
}

describe('every roles, resources and permissions route checks its permission', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [Method, string, unknown?][] = [
    ['GET', '/roles'],
    ['POST', '/roles', {}],
    ['PUT', `/roles/${id}`, {}],
    ['DELETE', `/roles/${id}`],
    ['PUT', `/roles/${id}/permissions`, {}],
    ['GET', '/roles/matrix'],
    ['GET', '/roles/matrix.xlsx'],
    ['GET', '/resources'],
    ['POST', '/resources', {}],
    ['PUT', '/resources/RS-X', {}],
    ['DELETE', '/resources/RS-X'],
    ['GET', '/permissions'],
    ['POST', '/permissions', {}],
    ['PUT', '/permissions/EX-X', {}],
    ['DELETE', '/permissions/EX-X'],
  ];
  it.each(routes)('%s %s: a seller gets 403', async (method, url, payload) => {
    const res = await api(method, url, seller, payload);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('roles', () => {
  it('creates, lists, updates and deletes a role', async () => {
    const created = await api('POST', '/roles', admin, { code: 'EXR-PACKER', name: 'Packer', description: '  Packs parcels at the warehouse  ', parentCode: 'EXR-SCANNER' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ code: 'EXR-PACKER', name: 'Packer', description: 'Packs parcels at the warehouse', parentCode: 'EXR-SCANNER', kind: 'staff', seeded: false, usersCount: 0, permissions: [] });
    const id = created.body.data.id as string;
    expect(await roleByCode('EXR-PACKER')).toBeTruthy();

    const again = await api('POST', '/roles', admin, { code: 'EXR-PACKER', name: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CODE_TAKEN');

    // An update without a description keeps it; an empty one clears it; one too long is refused by name.
    const updated = await api('PUT', `/roles/${id}`, admin, { code: 'EXR-PACKER-2', name: 'Packer two', parentCode: null });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ code: 'EXR-PACKER-2', name: 'Packer two', description: 'Packs parcels at the warehouse', parentCode: null });
    const cleared = await api('PUT', `/roles/${id}`, admin, { code: 'EXR-PACKER-2', name: 'Packer two', description: '' });
    expect(cleared.body.data).toMatchObject({ description: null });
    const tooLong = await api('PUT', `/roles/${id}`, admin, { code: 'EXR-PACKER-2', name: 'Packer two', description: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'description' })]));
    // A text over its limit says so (not "not valid").
    const longName = await api('PUT', `/roles/${id}`, admin, { code: 'EXR-PACKER-2', name: 'n'.repeat(5000) });
    expect(longName.body.errors).toEqual([{ field: 'name', message: 'This text is too long.' }]);

    const deleted = await api('DELETE', `/roles/${id}`, admin);
    expect(deleted.status).toBe(200);
    expect(await roleByCode('EXR-PACKER-2')).toBeUndefined();
  });

  it.each([
    ['no prefix', 'PACKER'],
    ['lowercase', 'EXR-packer'],
    ['double dash', 'EXR--PACKER'],
    ['other prefix', 'EX-PACKER'],
  ])('refuses a bad code (%s) naming the field', async (_what, code) => {
    const res = await api('POST', '/roles', admin, { code, name: 'Bad' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'code' })]));
  });

  it('refuses a parent that leads back to the role', async () => {
    const a = (await api('POST', '/roles', admin, { code: 'EXR-CYCLE-A', name: 'A' })).body.data;
    await api('POST', '/roles', admin, { code: 'EXR-CYCLE-B', name: 'B', parentCode: 'EXR-CYCLE-A' });
    const res = await api('PUT', `/roles/${a.id}`, admin, { code: 'EXR-CYCLE-A', name: 'A', parentCode: 'EXR-CYCLE-B' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'parentCode' });
    const self = await api('PUT', `/roles/${a.id}`, admin, { code: 'EXR-CYCLE-A', name: 'A', parentCode: 'EXR-CYCLE-A' });
    expect(self.status).toBe(400);
  });

  it('protects the seeded roles: no delete (409), no new code (409), a new name is fine', async () => {
    const scanner = (await roleByCode('EXR-SCANNER'))!;
    expect(scanner.seeded).toBe(true);
    const del = await api('DELETE', `/roles/${scanner.id}`, admin);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('ROLE_PROTECTED');
    const recode = await api('PUT', `/roles/${scanner.id}`, admin, { code: 'EXR-SCANNER-X', name: 'Scanner' });
    expect(recode.status).toBe(409);
    const rename = await api('PUT', `/roles/${scanner.id}`, admin, { code: 'EXR-SCANNER', name: 'Scanner', parentCode: scanner.parentCode });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
  });

  it('a role manager cannot raise their own role, touch a role at or above theirs, or grant what they lack; a customer role takes no staff powers', async () => {
    const mine = (await api('POST', '/roles', admin, { code: 'EXR-ROLE-KEEPER', name: 'Role keeper', kind: 'staff' })).body.data;
    expect((await api('PUT', `/roles/${mine.id}/permissions`, admin, { codes: ['EX-ROLE-MANAGE', 'EX-ROLE-LIST', 'EX-PERMISSION-LIST'] })).status).toBe(200);
    await createUser(t.db, { email: 'keeper@exship.local', passwordHash: await hashPassword('Keeper#Passw0rd!'), fullName: 'Keeper', roleCode: 'EXR-ROLE-KEEPER', status: 'active' });
    const keeper = await t.login('keeper@exship.local', 'Keeper#Passw0rd!');
    const all = (await api('GET', '/roles', admin)).body.data as { id: string; code: string; permissions: string[] }[];
    const superAdmin = all.find((r) => r.code === 'EXR-SUPER-ADMIN')!;
    const own = await api('PUT', `/roles/${mine.id}/permissions`, keeper, { codes: ['EX-ROLE-MANAGE', 'EX-ROLE-LIST', 'EX-PERMISSION-LIST', 'EX-USER-MANAGE'] });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('ROLE_ABOVE_YOURS');
    const strip = await api('PUT', `/roles/${superAdmin.id}/permissions`, keeper, { codes: ['EX-ROLE-LIST'] });
    expect(strip.status).toBe(403);
    expect((await api('GET', '/roles', admin)).body.data.find((r: { code: string }) => r.code === 'EXR-SUPER-ADMIN').permissions).toEqual(superAdmin.permissions);
    expect((await api('GET', '/me', keeper)).body.data.permissions).toHaveLength(3);
    // Nor rename, re-parent or re-kind them.
    const renamed = await api('PUT', `/roles/${superAdmin.id}`, keeper, { code: 'EXR-SUPER-ADMIN', name: 'Nobody', kind: 'customer' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.code).toBe('ROLE_ABOVE_YOURS');
    expect((await api('PUT', `/roles/${mine.id}`, keeper, { code: 'EXR-ROLE-KEEPER', name: 'Keeper of all' })).status).toBe(403);
    // A customer role refuses staff powers, even from the super admin.
    const customer = (await api('POST', '/roles', admin, { code: 'EXR-CUSTOMER-PLUS', name: 'Customer plus', kind: 'customer' })).body.data;
    const staffy = await api('PUT', `/roles/${customer.id}/permissions`, admin, { codes: ['EX-ORDER-LIST', 'EX-ACT-FOR-CUSTOMER', 'EX-USER-MANAGE'] });
    expect(staffy.status).toBe(422);
    expect(staffy.body.details.codes).toEqual(['EX-ACT-FOR-CUSTOMER', 'EX-USER-MANAGE']);
    expect((await api('PUT', `/roles/${customer.id}/permissions`, admin, { codes: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL'] })).status).toBe(200);
  });

  it('seeded permission descriptions and resource names read in Vietnamese for a Vietnamese reader; what staff wrote stays as written', async () => {
    const vi = (url: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token: admin, headers: { language: 'vi' } });
    const perms = (await vi('/permissions')).body.data as { code: string; description: string }[];
    expect(perms.find((p) => p.code === 'EX-ORDER-LIST')!.description).toBe('Xem danh sách đơn hàng');
    const res = (await vi('/resources')).body.data as { code: string; name: string }[];
    expect(res.find((r) => r.code === 'RS-ORDER')!.name).toBe('Đơn hàng');
    const en = (await api('GET', '/permissions', admin)).body.data as { code: string; description: string }[];
    expect(en.find((p) => p.code === 'EX-ORDER-LIST')!.description).toBe('List orders');
    const matrix = (await vi('/roles/matrix')).body.data;
    expect(matrix.permissions.find((p: { code: string }) => p.code === 'EX-ROLE-LIST').description).toBe('Xem danh sách vai trò');
  });

  it('refuses unknown permission codes with 422 naming them', async () => {
    const role = (await api('POST', '/roles', admin, { code: 'EXR-UNKNOWN-CODES', name: 'U' })).body.data;
    const res = await api('PUT', `/roles/${role.id}/permissions`, admin, { codes: ['EX-ROLE-LIST', 'EX-NOPE', 'EX-ALSO-NOPE'] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PERMISSIONS_UNKNOWN');
    expect(res.body.details.codes).toEqual(['EX-ALSO-NOPE', 'EX-NOPE']);
    expect(res.body.message).toContain('EX-NOPE');
  });

  it("a role's permissions decide its users' access, and a change reaches the same token's next request", async () => {
    const role = (await api('POST', '/roles', admin, { code: 'EXR-AUDITOR', name: 'Auditor' })).body.data;
    const set = await api('PUT', `/roles/${role.id}/permissions`, admin, { codes: ['EX-ROLE-LIST', 'EX-RESOURCE-LIST', 'EX-CRONJOB-LIST'] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.permissions).toEqual(['EX-CRONJOB-LIST', 'EX-RESOURCE-LIST', 'EX-ROLE-LIST']);
    await createUser(t.db, { email: 'auditor@exship.local', passwordHash: await hashPassword('Auditor#Passw0rd!'), fullName: 'Auditor', roleCode: 'EXR-AUDITOR', status: 'active' });
    const token = await t.login('auditor@exship.local', 'Auditor#Passw0rd!');

    expect((await api('GET', '/roles', token)).status).toBe(200);
    expect((await api('GET', '/cronjobs', token)).status).toBe(200);
    expect((await api('GET', '/permissions', token)).status).toBe(403);

    const changed = await api('PUT', `/roles/${role.id}/permissions`, admin, { codes: ['EX-PERMISSION-LIST'] });
    expect(changed.status).toBe(200);
    expect((await api('GET', '/permissions', token)).status).toBe(200);
    expect((await api('GET', '/roles', token)).status).toBe(403);
    const me = await api('GET', '/me', token);
    expect(me.body.data.permissions).toEqual(['EX-PERMISSION-LIST']);

    // A role its users hold is not deleted; the count is named.
    const del = await api('DELETE', `/roles/${role.id}`, admin);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('ROLE_IN_USE');
    expect(del.body.message).toContain('1');
  });
});

describe('resources and permissions', () => {
  it('creates, updates and deletes a resource and a permission; the product\'s codes are protected', async () => {
    const res = await api('POST', '/resources', admin, { code: 'RS-REPORTS-EXTRA', name: 'Extra reports', description: 'More reports', parentCode: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'RS-REPORTS-EXTRA', builtIn: false, permissionsCount: 0 });
    const bad = await api('POST', '/resources', admin, { code: 'EX-REPORTS', name: 'Wrong prefix' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'code' });

    const perm = await api('POST', '/permissions', admin, { code: 'EX-REPORT-EXTRA', description: 'Extra report', resourceCode: 'RS-REPORTS-EXTRA' });
    expect(perm.status, JSON.stringify(perm.body)).toBe(201);
    expect(perm.body.data).toMatchObject({ code: 'EX-REPORT-EXTRA', builtIn: false, rolesCount: 0 });
    const noResource = await api('POST', '/permissions', admin, { code: 'EX-REPORT-OTHER', description: 'x', resourceCode: 'RS-NOPE' });
    expect(noResource.status).toBe(400);
    expect(noResource.body.errors[0]).toMatchObject({ field: 'resourceCode' });

    const inUse = await api('DELETE', '/resources/RS-REPORTS-EXTRA', admin);
    expect(inUse.status).toBe(409);
    const recoded = await api('PUT', '/permissions/EX-REPORT-EXTRA', admin, { code: 'EX-REPORT-MORE', description: 'More', resourceCode: 'RS-REPORTS-EXTRA' });
    expect(recoded.status, JSON.stringify(recoded.body)).toBe(200);
    expect(recoded.body.data.code).toBe('EX-REPORT-MORE');
    expect((await api('DELETE', '/permissions/EX-REPORT-MORE', admin)).status).toBe(200);
    const renamed = await api('PUT', '/resources/RS-REPORTS-EXTRA', admin, { code: 'RS-REPORTS-MORE', name: 'More reports' });
    expect(renamed.status).toBe(200);
    expect((await api('DELETE', '/resources/RS-REPORTS-MORE', admin)).status).toBe(200);

    const builtIn = await api('DELETE', '/permissions/EX-ORDER-LIST', admin);
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.code).toBe('PERMISSION_PROTECTED');
    const builtInRecode = await api('PUT', '/permissions/EX-ORDER-LIST', admin, { code: 'EX-ORDER-LISTING', description: 'List orders', resourceCode: 'RS-ORDER' });
    expect(builtInRecode.status).toBe(409);
    expect((await api('DELETE', '/resources/RS-ORDER', admin)).status).toBe(409);
    const list = await api('GET', '/permissions', admin);
    expect(list.body.data.find((p: { code: string }) => p.code === 'EX-ORDER-LIST')).toMatchObject({ builtIn: true, resourceCode: 'RS-ORDER' });
  });
});

describe('matrix', () => {
  it('lists roles × permissions as JSON and as a workbook with a row per role and a column per permission', async () => {
    const json = await api('GET', '/roles/matrix', admin);
    expect(json.status).toBe(200);
    const m = json.body.data as { roles: { code: string }[]; permissions: { code: string }[]; grants: Record<string, string[]> };
    expect(m.grants['EXR-SUPER-ADMIN']).toContain('EX-ROLE-MANAGE');

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/roles/matrix.xlsx', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Role code', 'Role name', ...m.permissions.map((p) => p.code)]);
    expect(ws.rowCount).toBe(1 + m.roles.length);
    const rows = new Map<string, unknown[]>();
    ws.eachRow((row, n) => {
      if (n > 1) rows.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1));
    });
    const superAdmin = rows.get('EXR-SUPER-ADMIN')!;
    expect(superAdmin[header.indexOf('EX-ROLE-MANAGE')]).toBe('x');
    const customer = rows.get('EXR-CUSTOMER')!;
    expect(customer[header.indexOf('EX-ROLE-MANAGE')] ?? '').not.toBe('x');
  });
});
