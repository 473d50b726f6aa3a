import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changesState, type EndpointDef } from '@exship/contracts';
import { preparedOn, type Database, type Db } from './db';
import { activityLog } from './platform.tables';

// The activity trail: one mechanism for every module. A change (any method but GET, unless its
// endpoint is declared `readOnly`) made by a signed-in user — or a sign-in, whose route names the
// user through `req.activityUserId` — gets one row in activity_log. Reads, read-only POSTs (quote,
// price, lists and exports sent as a body) and failures write nothing; bodies never.
//
// Where the change runs a transaction, its line is inserted in that transaction (the first one of
// the request that commits), so a committed change cannot lose its line and a rolled-back one has
// none. A change without a transaction (a single statement, a sign-in) gets its line before the
// reply leaves. Either way the line exists by the time the caller sees the answer.
//
// A call made with an API key is traced whatever it is (docs/api-keys.md): a change as above, with the
// key's id; any other call, read or refused, gets its line once the reply has gone, so the caller
// does not wait for it. Session calls pay nothing for this: the auth hook calls onApiKeyUse for keys only.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a public route that signs a user in (there is no `auth` yet). */
    activityUserId?: string;
  }
}

/** The trail line a change request owes; `id` once it is written. */
interface PendingLine {
  req: FastifyRequest;
  endpoint: EndpointDef;
  /** The status the line was written with, and its row id, once written (or being written). */
  written?: { id: string; status: number };
  /** The reply is on its way: work the request left running writes no line of its own. */
  closed?: boolean;
}

const pendingLine = new AsyncLocalStorage<PendingLine>();
const pendingOf = new WeakMap<FastifyRequest, PendingLine>();
const WRAPPED = Symbol('activity trail in transactions');

type ActivityRow = typeof activityLog.$inferInsert;

function rowOf(line: PendingLine, status: number): ActivityRow | null {
  const { req, endpoint } = line;
  const userId = req.auth?.userId ?? req.activityUserId;
  if (!userId) return null;
  const params = Object.fromEntries(Object.entries((req.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v).slice(0, 100)]));
  return {
    id: crypto.randomUUID(),
    userId,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    method: endpoint.method,
    route: endpoint.path,
    params,
    status,
    ip: req.ip ?? '',
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    apiKeyId: req.auth?.apiKey?.id ?? null,
  };
}

const TRAIL_COLUMNS = ['id', 'userId', 'operationId', 'summary', 'method', 'route', 'params', 'status', 'ip', 'userAgent', 'apiKeyId'] as const;
const trailInserts = new WeakMap<Db, ReturnType<typeof buildTrailInsert>>();

/** The trail line's insert in a change's transaction (every change request runs it): built once per database. */
function trailInsert(db: Db) {
  let statement = trailInserts.get(db);
  if (!statement) trailInserts.set(db, (statement = buildTrailInsert(db)));
  return statement;
}
function buildTrailInsert(db: Db) {
  // Placeholders given as is (the API key's id may be null): the caller passes the params as JSON text.
  return db
    .insert(activityLog)
    .values(Object.fromEntries(TRAIL_COLUMNS.map((k) => [k, sql`${sql.placeholder(k)}`])) as never)
    .prepare('activity_trail_insert');
}

/** Lines claimed by a statement of a service (`claimTrailLine`), by the transaction they were claimed in. */
const CLAIM = Symbol('trail line claimed');
type Claimed = { [CLAIM]?: NonNullable<PendingLine['written']> };
const trailClaims = {
  get: (tx: object) => (tx as Claimed)[CLAIM],
  set: (tx: object, claim: NonNullable<PendingLine['written']>) => void ((tx as Claimed)[CLAIM] = claim),
};

/**
 * The request's trail line, for a service that writes its change in one statement and adds the
 * line's insert to it (`trailQuery`, one round trip less on a hot path): the values of its
 * placeholders (by column), or null when no line is owed (not a change request, or written already).
 * The line is claimed for `tx`: the transaction writes no second one, and its rollback gives it back.
 */
export function claimTrailLine(tx: Db): Record<(typeof TRAIL_COLUMNS)[number], unknown> | null {
  const line = pendingLine.getStore();
  if (!line || line.written || line.closed) return null;
  const status = line.endpoint.status ?? 200;
  const row = rowOf(line, status);
  if (!row) return null;
  line.written = { id: row.id!, status };
  trailClaims.set(tx, line.written);
  return { ...row, params: JSON.stringify(row.params) } as Record<(typeof TRAIL_COLUMNS)[number], unknown>;
}

/** The trail line's insert with placeholders named `prefix` + column (given as `claimTrailLine` returns them), for a WITH query. */
export function trailQuery(db: Db, prefix: string) {
  return db.insert(activityLog).values(Object.fromEntries(TRAIL_COLUMNS.map((k) => [k, sql`${sql.placeholder(prefix + k)}`])) as never);
}

/**
 * Every `db.transaction` opened while a change request is handled inserts the request's trail line
 * before it commits, unless a line is already written. Services keep calling `db.transaction` as
 * they do; a nested `tx.transaction` (a savepoint) is not touched.
 */
function trailInTransactions(db: Db): void {
  const target = db as Db & { [WRAPPED]?: true };
  if (target[WRAPPED]) return;
  target[WRAPPED] = true;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: (tx: never) => Promise<unknown>, config?: unknown) => {
    const line = pendingLine.getStore();
    if (!line || line.written || line.closed) return transaction(run as never, config as never);
    let opened: Db | undefined;
    try {
      return await transaction(async (tx) => {
        opened = tx as Db;
        const result = await run(tx as never);
        // Claimed before the insert, so a second transaction running beside this one adds no second line.
        const values = claimTrailLine(tx as Db);
        if (values) await preparedOn(trailInsert(db), tx).execute(values);
        return result;
      }, config as never);
    } catch (err) {
      // Rolled back (or a retry follows): the change did not happen, nor did its line.
      const mine = opened && trailClaims.get(opened);
      if (mine && line.written === mine) line.written = undefined;
      throw err;
    }
  }) as Db['transaction'];
}

export function registerActivityLog(app: FastifyInstance, database: Database): { onApiKeyUse: (req: FastifyRequest, reply: FastifyReply) => void } {
  trailInTransactions(database.db);

  // After the body is parsed, so the handler and everything it awaits run inside the line's context.
  const openLine = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const endpoint = req.routeOptions.config?.endpoint as EndpointDef;
    const line: PendingLine = { req, endpoint };
    pendingOf.set(req, line);
    pendingLine.run(line, done);
  };

  const closeLine = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const line = pendingOf.get(req);
    if (!line) return payload;
    line.closed = true;
    try {
      if (line.written) {
        // The change committed; the reply's status may differ (a handler's own status, or a failure after the commit).
        if (line.written.status !== reply.statusCode) await database.db.update(activityLog).set({ status: reply.statusCode }).where(eq(activityLog.id, line.written.id));
      } else if (reply.statusCode < 400) {
        const row = rowOf(line, reply.statusCode);
        if (row) {
          line.written = { id: row.id!, status: row.status };
          await database.db.insert(activityLog).values(row);
        }
      }
    } catch (err) {
      // The change itself is done and answered; a lost trail line is logged, not turned into an error.
      req.log.error({ err }, 'activity log write failed');
    }
    return payload;
  };

  // Only the routes that change something carry the hooks: a read (the quote above all) pays nothing.
  app.addHook('onRoute', (route) => {
    const endpoint = (route.config as { endpoint?: EndpointDef } | undefined)?.endpoint;
    if (!endpoint || !changesState(endpoint)) return;
    const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    route.preHandler = [...list(route.preHandler), openLine] as typeof route.preHandler;
    route.onSend = [...list(route.onSend), closeLine] as typeof route.onSend;
  });

  /** An API key's call that wrote no line of its own (a read, a refusal, a failed change): one line after the reply. */
  const onApiKeyUse = (req: FastifyRequest, reply: FastifyReply) => {
    reply.raw.once('finish', () => {
      if (pendingOf.get(req)?.written) return;
      const endpoint = req.routeOptions.config?.endpoint as EndpointDef | undefined;
      if (!endpoint) return;
      const row = rowOf({ req, endpoint }, reply.statusCode);
      if (!row) return;
      database.db
        .insert(activityLog)
        .values(row)
        .catch((err: unknown) => req.log.error({ err }, 'activity log write failed'));
    });
  };
  return { onApiKeyUse };
}
