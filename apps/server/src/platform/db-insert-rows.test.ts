import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, type Db } from './db';

// insertRows: many rows in one statement with one JSON parameter, read back as drizzle reads a select.
const things = pgTable('insert_rows_things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
  weight: numeric('weight', { precision: 10, scale: 2, mode: 'number' }),
  at: timestamp('at', { withTimezone: true }),
  meta: jsonb('meta'),
  flag: boolean('flag').notNull().default(true),
});

let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  db = drizzle({ client }) as unknown as Db;
  await db.execute(sql`create table insert_rows_things (id uuid primary key default gen_random_uuid(), name text not null, cents bigint not null,
    weight numeric(10, 2), at timestamptz, meta jsonb, flag boolean not null default true)`);
});
afterAll(() => client.close());

describe('insertRows', () => {
  it('inserts every row in one statement and returns them typed, defaults applied', async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const rows = Array.from({ length: 1500 }, (_, i) => ({ name: `n'${i}"`, cents: 9_007_199_254_740 + i, weight: 1.25, at, meta: { i, tags: ['a', 'b'] } }));
    const out = await insertRows(db, things, rows);
    expect(out).toHaveLength(1500);
    expect(out[7]).toEqual({ id: expect.any(String), name: `n'7"`, cents: 9_007_199_254_747, weight: 1.25, at, meta: { i: 7, tags: ['a', 'b'] }, flag: true });
    const count = (await db.execute(sql`select count(*)::int as n from insert_rows_things`)) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1500);
  });

  it('refuses rows that do not set the same columns (a column would silently become null)', async () => {
    await expect(insertRows(db, things, [{ name: 'a', cents: 1 }, { name: 'b', cents: 2, weight: 3 }])).rejects.toThrow(/same columns/);
    await expect(insertRows(db, things, [{ name: 'a', cents: 1, weight: 3 }, { name: 'b', cents: 2 }])).rejects.toThrow(/same columns/);
  });

  it('reads back only the columns named, or nothing', async () => {
    const out = await insertRows(db, things, [{ name: 'r1', cents: 5, weight: 2.5 }, { name: 'r2', cents: 6, weight: 3 }], ['id', 'cents', 'weight']);
    expect(out).toEqual([{ id: expect.any(String), cents: 5, weight: 2.5 }, { id: expect.any(String), cents: 6, weight: 3 }]);
    expect(await insertRows(db, things, [{ name: 'r3', cents: 7 }], [])).toEqual([]);
    const count = (await db.execute(sql`select count(*)::int as n from insert_rows_things where name in ('r1', 'r2', 'r3')`)) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(3);
  });

  it('adds columns with one value for every row (same) and columns given beside the rows (byRow)', async () => {
    const at = new Date('2026-05-02T08:30:00Z');
    const out = await insertRows(db, things, [{ cents: 1 }, { cents: 2 }, { cents: 3 }], ['name', 'cents', 'at', 'meta', 'weight'], {
      same: { at, meta: { from: 'same' }, weight: null },
      byRow: { name: ['x1', 'x2', "x'3"] },
    });
    expect(out).toEqual([
      { name: 'x1', cents: 1, at, meta: { from: 'same' }, weight: null },
      { name: 'x2', cents: 2, at, meta: { from: 'same' }, weight: null },
      { name: "x'3", cents: 3, at, meta: { from: 'same' }, weight: null },
    ]);
    await expect(insertRows(db, things, [{ cents: 1 }], [], { byRow: { name: ['a', 'b'] } })).rejects.toThrow(/2 values for 1 rows/);
    await expect(insertRows(db, things, [{ name: 'a', cents: 1 }], [], { same: { name: 'b' } })).rejects.toThrow(/given twice/);
  });

  it('inserts nothing for no rows', async () => {
    expect(await insertRows(db, things, [])).toEqual([]);
  });
});
