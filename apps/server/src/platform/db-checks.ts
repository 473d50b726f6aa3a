// Status CHECK constraints come from the contracts' enums (docs/engineering.md "Data rules"): the values a column
// may hold are written once, in packages/contracts, and the SQL is generated from them.
import { sql, type SQL } from 'drizzle-orm';
import { check, type PgColumn } from 'drizzle-orm/pg-core';

const LITERAL = /^[a-z][a-z0-9 _-]*$/i;

/** `<column> in ('a', 'b')` as SQL; the values are checked to be plain words (no quoting needed). */
export function inValues(column: PgColumn, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error('enumCheck: no values');
  for (const v of values) if (!LITERAL.test(v)) throw new Error(`enumCheck: "${v}" is not a plain word`);
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/** A CHECK that `column` holds one of `values` (or null, when `nullable`). */
export function enumCheck(name: string, column: PgColumn, values: readonly string[], opts: { nullable?: boolean } = {}) {
  return check(name, opts.nullable ? sql`${column} is null or ${inValues(column, values)}` : inValues(column, values));
}
