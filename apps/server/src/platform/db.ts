import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './changes';

// PostgreSQL through Drizzle; PGlite embedded by default, a server when DATABASE_URL is set.
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  kind: DbKind;
  db: Db;
  /** Raw SQL for engines that bring their own queries (pg-boss). Multi-statement text when no params. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Connection string for engines that open their own pool (PostgreSQL only). */
  connectionString?: string;
  /** Committed changes to what processes keep in memory (platform/changes.ts). */
  changes: ChangeFeed;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens as a copy. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite only: start the (empty) data directory from this tarball of another one (`dumpDataDir`)
   * instead of initialising a new cluster. Migrations still run.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
  retryTransactions(database.db, database);
  return database;
}

/** The database each root db and each of its transactions belong to (`databaseOf`). */
// Kept on the objects themselves (symbol keys), not in WeakMaps: a transaction is short-lived, and
// weak tables keyed by young objects make every minor garbage collection of a busy server slower.
const OWNER = Symbol('database');
const HOOKS = Symbol('after commit');
type Marked = { [OWNER]?: Database; [HOOKS]?: (() => void)[] };
const owners = {
  get: (tx: object) => (tx as Marked)[OWNER],
  set: (tx: object, owner: Database) => void ((tx as Marked)[OWNER] = owner),
};

/**
 * The database `tx` (a root db or a transaction it opened; not a savepoint) belongs to: what a
 * module-level function given only `tx` needs to reach its database's change feed (platform/jobs.ts emit).
 */
export const databaseOf = (tx: Db): Database | undefined => owners.get(tx);

/** Work to do once a transaction has committed, by transaction (`afterCommit`). */
const commitHooks = {
  get: (tx: object) => (tx as Marked)[HOOKS],
  set: (tx: object, hooks: (() => void)[]) => void ((tx as Marked)[HOOKS] = hooks),
};

/**
 * Runs `fn` once `tx` has committed (a run that rolls back, or is retried, drops it); at once when
 * `tx` is a root db (its statements commit as they run). Returns false when `tx` is neither (a
 * savepoint): nothing is run. For work outside the database that must see the change, e.g. waking
 * the job workers for the jobs it queued.
 */
export function afterCommit(tx: Db, fn: () => void): boolean {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(fn);
  else if (owners.get(tx)?.db === tx) fn();
  else return false;
  return true;
}

/** SQLSTATEs after which PostgreSQL rolled the whole transaction back and running it again may succeed. */
const RETRYABLE = new Set(['40001', '40P01']);
/** Runs of a transaction in all: the first and two retries. */
export const TRANSACTION_RUNS = 3;

const retryable = (err: unknown): boolean => {
  const code = (err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
};

/**
 * `db.transaction(work)` — THE transaction helper — runs `work` again, whole, when PostgreSQL ends the
 * transaction with a serialization failure (40001) or a deadlock (40P01): up to TRANSACTION_RUNS runs,
 * 20–80 ms apart (jittered, growing), then the error is thrown. So `work` must be safe to run again:
 * it writes only through `tx` (jobs and events too: pg-boss `send` with `{ db: tx }`), and whatever it
 * sets outside is set afresh on each run. Savepoints (`tx.transaction`) are not retried on their own:
 * after a deadlock the whole transaction is gone.
 *
 * LOCK ORDER. A deadlock is two transactions each holding what the other waits for; every path that
 * moves money or order states takes its row locks in this one order, so none waits in a circle:
 *   1. orders rows (FOR UPDATE, ascending id when several: requireOwned; new orders are inserted),
 *   2. the accounts' wallet rows (wallet `lockWallets`, ascending account id),
 *   3. discount rows (consumed uses), ledger entries, the orders' per-status counters
 *      (order_status_counts) and the wallet's unpaid figure — all behind the wallet lock of their account
 *      (a status change that moves no money takes no wallet lock: it writes only the counters, in one
 *      statement ordered by status).
 *   4. cartons (the warehouse floor): a scan locks its parcel's order, then the carton.
 * Create, import, edit, pay, cancel/refund, surcharges, the sweeps and the shipping calls (lockOrder,
 * then transition) follow it; billing and top-ups touch wallet rows only. The retry is the backstop.
 */
export function retryTransactions(db: Db, owner?: Database): void {
  const run = db.transaction.bind(db);
  if (owner) owners.set(db, owner);
  const transaction: Db['transaction'] = async (work, config) => {
    let hooks: (() => void)[] = [];
    const owned: typeof work = owner
      ? (tx) => {
          owners.set(tx, owner);
          // Each run collects its own: a rolled-back run's are dropped with it.
          hooks = [];
          commitHooks.set(tx, hooks);
          return work(tx);
        }
      : work;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await run(owned, config);
        for (const fn of hooks) fn();
        return result;
      } catch (err) {
        if (attempt >= TRANSACTION_RUNS || !retryable(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 40));
      }
    }
  };
  Object.defineProperty(db, 'transaction', { value: transaction, configurable: true, writable: true });
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // Loaded only when embedded: PGlite's code is ~40 MB of a server's memory that runs on PostgreSQL.
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The contrib extensions the migrations create (the order list's trigram index); a server has them.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  const changes = pgliteChangeFeed(client);
  return {
    kind: 'pglite',
    db,
    changes,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const r = await client.query(text, values);
        return { rows: r.rows as Record<string, unknown>[] };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the server drops (restart, failover, admin kill) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  // So must a connection dropped while a request holds it (in a transaction): the request's query
  // fails (503, see http.ts) and the client emits 'error', which would otherwise end the process.
  pool.on('connect', (client) => client.on('error', (err) => console.warn(`PostgreSQL connection lost while in use: ${err.message}`)));
  const db = drizzlePg({ client: pool }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: MIGRATIONS });
  const changes = postgresChangeFeed(connectionString);
  return {
    kind: 'postgres',
    db,
    changes,
    connectionString,
    async executeSql(text, values) {
      const r = await pool.query(text, values);
      const last = Array.isArray(r) ? r.at(-1) : r;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

interface DriverErrorLike {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  schema?: unknown;
}

const isDriverError = (e: unknown): e is DriverErrorLike & Error =>
  e instanceof Error && typeof (e as DriverErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((e as unknown as { code: string }).code) && 'severity' in e;

/** drizzle's DrizzleQueryError: `Failed query: <sql>\nparams: <values>`, with `query`, `params` and the driver error as `cause`. */
const isQueryError = (e: unknown): e is Error & { query: string; params: unknown[]; cause?: unknown } =>
  e instanceof Error && typeof (e as { query?: unknown }).query === 'string' && Array.isArray((e as { params?: unknown }).params);

/**
 * A failed statement as a log entry: the SQLSTATE, the statement text with its placeholders and
 * where it failed — never its parameters (a password hash, an email) and never the driver's
 * message or detail, which quote the offending value ("invalid input syntax for type integer: …",
 * "Key (email)=(…) already exists"). Other errors are returned unchanged.
 */
export function loggableError(err: unknown): unknown {
  const query = isQueryError(err) ? err : undefined;
  const driver = isDriverError(err) ? err : isDriverError(query?.cause) ? query.cause : undefined;
  if (!query && !driver) return err;
  const frames = (err as Error).stack?.split('\n').filter((l) => /^\s+at /.test(l)) ?? [];
  const pick = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    type: (err as Error).name,
    message: query ? 'Failed query (parameters withheld)' : 'Database error (details withheld)',
    sqlState: pick(driver?.code),
    query: query?.query,
    schema: pick(driver?.schema),
    table: pick(driver?.table),
    column: pick(driver?.column),
    constraint: pick(driver?.constraint),
    routine: pick(driver?.routine),
    stack: frames.join('\n'),
  };
}

/**
 * Runs independent reads: together on the pool, one after the other on a transaction. A transaction
 * is one client, and overlapping queries on one pg client are deprecated ("client.query() when the
 * client is already executing a query"; PGlite queues them anyway).
 */
export async function readAll<const T extends readonly (() => PromiseLike<unknown>)[]>(db: Db, reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((r) => r()))) as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  const out: unknown[] = [];
  for (const r of reads) out.push(await r());
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** A cell of insertRows' JSON: null left out (undefined), a bigint as text (JSON.stringify refuses bigints). */
const jsonCell = (v: unknown) => (v === null ? undefined : typeof v === 'bigint' ? v.toString() : v);

interface RowCode {
  /** How many of the table's columns the row sets (not undefined). */
  definedColumns: (row: object) => number;
  /** Whether the row sets every key of the first row. */
  hasKeys: (row: object) => boolean;
  /** The row's JSON record: short keys (`c0`, `c1`, …), its own cells, then its `byRow` cells, then the `same` cells. */
  json: (row: object, index: number, byRow: readonly (readonly unknown[])[], same: readonly unknown[]) => string;
}

const rowCodes = new WeakMap<PgTable, Map<string, RowCode>>();

/**
 * insertRows' per-row work as functions written for the keys at hand: property reads by constant
 * names and one object literal per row are several times faster than reading and writing ~50 cells by
 * computed keys (10,000 imported orders are 30,000 rows). The names are embedded as JSON string
 * literals; compiled once per table and set of keys.
 */
function rowCode(table: PgTable, all: Record<string, PgColumn>, keys: readonly string[], byRow: number, same: number): RowCode {
  const signature = `${keys.join('\u0000')}|${byRow}|${same}`;
  let codes = rowCodes.get(table);
  if (!codes) rowCodes.set(table, (codes = new Map()));
  const known = codes.get(signature);
  if (known) return known;
  const read = (k: string) => `r[${JSON.stringify(k)}]`;
  const cells = [
    ...keys.map((k, i) => `c${i}: cell(${read(k)})`),
    ...Array.from({ length: byRow }, (_, j) => `c${keys.length + j}: cell(by[${j}][n])`),
    ...Array.from({ length: same }, (_, j) => `c${keys.length + byRow + j}: same[${j}]`),
  ];
  const columns = Object.keys(all);
  const code: RowCode = {
    definedColumns: new Function(`return (r) => 0${columns.map((k) => ` + (${read(k)} !== undefined ? 1 : 0)`).join('')};`)() as RowCode['definedColumns'],
    hasKeys: new Function(`return (r) => true${keys.map((k) => ` && ${read(k)} !== undefined`).join('')};`)() as RowCode['hasKeys'],
    json: new Function('cell', `return (r, n, by, same) => JSON.stringify({ ${cells.join(', ')} });`)(jsonCell) as RowCode['json'],
  };
  codes.set(signature, code);
  return code;
}

/** Columns an insert gives every row the same value (`same`), or from arrays parallel to the rows (`byRow`). */
export interface InsertColumns<T extends PgTable> {
  same?: Partial<T['$inferInsert']>;
  byRow?: { [K in keyof T['$inferInsert']]?: readonly T['$inferInsert'][K][] };
}

/**
 * Inserts many rows in ONE statement with ONE parameter: the rows as a JSON array read by
 * `jsonb_to_recordset` with each column's SQL type. Drizzle's `insert().values(rows)` builds a
 * parameter object per cell (70 columns × 10,000 orders spent seconds in the query builder); this
 * costs a JSON.stringify per row. Every row must carry the same keys (the columns written; the others take
 * their SQL default). Returns the inserted rows, mapped as drizzle maps a select: every column, or
 * only the keys named in `returning` (`[]`: nothing is read back), so a bulk insert does not hold
 * every column of every row it wrote. `extra` adds columns without a copy of each row: `same` (one
 * value for all, serialized once) and `byRow` (values parallel to `rows`, e.g. fresh ids).
 */
export async function insertRows<T extends PgTable>(tx: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<T['$inferSelect'][]>;
export async function insertRows<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  tx: Db,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  returning: readonly K[],
  extra?: InsertColumns<T>,
): Promise<Pick<T['$inferSelect'], K>[]>;
export async function insertRows<T extends PgTable>(
  tx: Db,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  returning?: readonly string[],
  extra: InsertColumns<T> = {},
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(first).filter((k) => all[k] && first[k] !== undefined);
  const same = Object.entries(extra.same ?? {}).filter(([k, v]) => all[k] && v !== undefined);
  const byRow = Object.entries(extra.byRow ?? {}).filter((e): e is [string, readonly unknown[]] => Boolean(all[e[0]] && e[1]));
  for (const [k, values] of byRow) if (values.length !== rows.length) throw new Error(`insertRows(${getTableName(table)}): ${k} has ${values.length} values for ${rows.length} rows`);
  const written = [...keys, ...byRow.map(([k]) => k), ...same.map(([k]) => k)];
  if (new Set(written).size !== written.length) throw new Error(`insertRows(${getTableName(table)}): a column is given twice`);
  const code = rowCode(table, all, keys, byRow.length, same.length);
  const sameCells = same.map(([, v]) => jsonCell(v));
  const byRowValues = byRow.map(([, values]) => values);
  const parts: string[] = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    // A key another row leaves out (or adds) would silently become NULL (or be dropped): refuse it.
    if (code.definedColumns(row) !== keys.length || !code.hasKeys(row)) throw new Error(`insertRows(${getTableName(table)}): every row must set the same columns`);
    parts[r] = code.json(row, r, byRowValues, sameCells);
  }
  // One join makes the whole text flat (`[${…}]` around it would be copied again when pg measures it).
  parts[0] = `[${parts[0]}`;
  parts[parts.length - 1] += ']';
  const json = parts.join(',');
  const columnsWritten = written.map((k) => all[k]!);
  const columns = returning ? returning.map((k) => [k, all[k]!] as const) : Object.entries(all);
  for (const [k, c] of columns) if (!c) throw new Error(`insertRows(${getTableName(table)}): no column ${k}`);
  const names = sql.raw(columnsWritten.map((c) => `"${c.name}"`).join(', '));
  const short = written.map((_, i) => `c${i}`);
  const read = sql.raw(short.join(', '));
  const types = sql.raw(short.map((k, i) => `${k} ${columnsWritten[i]!.getSQLType()}`).join(', '));
  const back = columns.length === 0 ? sql`` : returning ? sql.raw(` returning ${columns.map(([, c]) => `"${c.name}"`).join(', ')}`) : sql` returning *`;
  const result = (await tx.execute(sql`insert into ${table} (${names}) select ${read} from jsonb_to_recordset(${json}::jsonb) as x(${types})${back}`)) as unknown as SqlResult;
  if (columns.length === 0) return [];
  return result.rows.map((raw) => {
    const out: Record<string, unknown> = {};
    for (const [key, c] of columns) {
      const v = raw[c.name];
      out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    return out;
  });
}

/**
 * A statement prepared once on the root database (its SQL built once, and parsed once per PostgreSQL
 * connection under its name), run on `tx`'s connection: inside the caller's transaction. For the hot
 * paths, where building the query each time costs more than running it.
 */
export function preparedOn<T extends object>(prepared: T, tx: Db): T {
  const client = (tx as unknown as { _: { session: { client: unknown } } })._.session.client;
  return Object.create(prepared, { client: { value: client } }) as T;
}
