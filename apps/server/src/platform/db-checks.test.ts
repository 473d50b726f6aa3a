import { PgDialect, getTableConfig, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PRODUCT_APPROVAL_STATUSES } from '@exship/contracts';
import { enumCheck, inValues } from './db-checks';

const things = pgTable('things', { status: text('status').notNull(), gender: text('gender') }, (t) => [
  enumCheck('things_status_ck', t.status, PRODUCT_APPROVAL_STATUSES),
  enumCheck('things_gender_ck', t.gender, ['male', 'female'], { nullable: true }),
]);
const dialect = new PgDialect();
const sqlOf = (name: string) => {
  const c = getTableConfig(things).checks.find((k) => k.name === name)!;
  return dialect.sqlToQuery(c.value).sql;
};

describe('enumCheck — status CHECKs generated from the contracts enums', () => {
  it('lists every value of the enum, quoted, in order', () => {
    expect(sqlOf('things_status_ck')).toBe(`"things"."status" in ('draft', 'waiting_approval', 'accepted', 'rejected')`);
  });
  it('allows null when asked', () => {
    expect(sqlOf('things_gender_ck')).toBe(`"things"."gender" is null or "things"."gender" in ('male', 'female')`);
  });
  it('refuses values that would need quoting, and an empty list', () => {
    expect(() => inValues(things.status, ["o'clock"])).toThrow(/plain word/);
    expect(() => inValues(things.status, [])).toThrow(/no values/);
  });
});
