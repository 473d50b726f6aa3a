import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';

// The discount-units migration converts the discounts already stored: the amount into the column named by its unit,
// and the local start/end texts into instants, switching off (not deleting) a discount whose stored
// date does not exist.
const DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of fs.readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create('memory://');
  const target = files.findIndex((f) => f.endsWith('_discount_units_and_instants.sql'));
  expect(target).toBeGreaterThan(0);
  for (const f of files.slice(0, target)) await run(db, f);
  await db.exec(`
    insert into discounts (code, name, amount_type, amount_value, start_date, end_date, tz_offset, created_at) values
      ('PCT', 'Ten', 'percent', 1000, '2026-03-01T09:30', '2026-04-01T00:00:30', '+07:00', '2026-01-01T00:00:00Z'),
      ('FIX', 'Fixed', 'fixed', 325, '2026-01-01T00:00', '2099-01-01T00:00', '+00:00', '2026-01-01T00:00:00Z'),
      ('BADSTART', 'Bad', 'percent', 500, '2026-13-45T25:99', '2027-01-01T00:00', '+00:00', '2026-01-05T00:00:00Z'),
      ('BADEND', 'Bad', 'fixed', 100, '2026-01-01T00:00', '2027-02-30T10:00', '-05:00', '2026-01-05T00:00:00Z'),
      ('OLDYEAR', 'Bad', 'fixed', 100, '0020-03-01T00:00', '2027-01-01T00:00', '+00:00', '2026-01-05T00:00:00Z');
  `);
  await run(db, files[target]!);
});
afterAll(async () => {
  await db?.close();
});

const row = async (code: string) =>
  (
    await db.query<Record<string, unknown>>(
      `select enabled, amount_off_percent_basis_points as bp, amount_off_cents as cents, start_date, end_date from discounts where code = $1`,
      [code],
    )
  ).rows[0]!;

describe('the discount-units migration on existing discounts', () => {
  it('moves a percent into basis points and reads local times in their offset', async () => {
    const r = await row('PCT');
    expect(r).toMatchObject({ enabled: true, bp: 1000, cents: null });
    expect((r.start_date as Date).toISOString()).toBe('2026-03-01T02:30:00.000Z');
    expect((r.end_date as Date).toISOString()).toBe('2026-03-31T17:00:30.000Z');
  });
  it('moves a fixed amount into cents', async () => {
    expect(await row('FIX')).toMatchObject({ enabled: true, bp: null, cents: 325 });
  });
  it.each(['BADSTART', 'BADEND', 'OLDYEAR'])('%s: an impossible or out-of-range date switches the discount off and keeps the row', async (code) => {
    const r = await row(code);
    expect(r.enabled).toBe(false);
    expect(r.start_date).toBeInstanceOf(Date);
    expect((r.end_date as Date).getTime()).toBeGreaterThanOrEqual((r.start_date as Date).getTime());
  });
  it('the amount columns hold exactly one unit each', async () => {
    await expect(db.exec(`insert into discounts (code, name, amount_type, amount_off_percent_basis_points, amount_off_cents, start_date, end_date) values ('BOTH', 'x', 'percent', 100, 100, now(), now())`)).rejects.toThrow();
    await expect(db.exec(`insert into discounts (code, name, amount_type, amount_off_percent_basis_points, start_date, end_date) values ('OVER', 'x', 'percent', 15000, now(), now())`)).rejects.toThrow();
  });
});
