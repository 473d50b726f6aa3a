import { FeedCache } from './changes';
import { afterCommit, databaseOf, type Database, type Db, type SqlResult } from './db';

// What emit reads besides the facts (platform/jobs.ts): the queues subscribed to an event and the
// accounts that have a listener, kept while the change feed is live; and the wake-up of this
// process's workers once the jobs emit queued have committed.

/** A subscription's `listeners` (platform/jobs.ts EventSubscription). */
export interface Listeners {
  query: string;
  changes: string;
}

/** The `listeners` of each queue subscribed in this process, and those of each event. */
export const queueListeners = new Map<string, Listeners>();
export const eventListeners = new Map<string, Listeners[]>();

/**
 * What emit reads, kept per database while the change feed is live and announces no change to it:
 * each event's subscribed queues (the job engine announces its subscriptions at start) and each
 * listeners query's accounts (dropped on any change its `changes` table announces).
 */
export const SUBSCRIPTIONS_CHANGED = 'subscriptions';
interface Kept {
  /** How many queues had listeners when these were made: a queue subscribed since (another app in this process) makes them again. */
  listenerQueues: number;
  queues: FeedCache<string[]>;
  listening: FeedCache<Set<string>>;
}
const keptByDatabase = new WeakMap<Database, Kept>();
function keptOf(database: Database): Kept {
  let kept = keptByDatabase.get(database);
  if (!kept || kept.listenerQueues !== queueListeners.size) {
    const tables = [...new Set([...queueListeners.values()].map((l) => l.changes))];
    const opts = { ttlMs: 60_000, max: 1_000 };
    kept = { listenerQueues: queueListeners.size, queues: new FeedCache(database.changes, [SUBSCRIPTIONS_CHANGED], opts), listening: new FeedCache(database.changes, tables, opts) };
    keptByDatabase.set(database, kept);
  }
  return kept;
}

/**
 * The queues subscribed to an event and, for each of its listeners queries, the accounts that have
 * one: from memory while the feed is live (a scan's fact costs no statement), else read in one
 * statement, for the facts' accounts only (rows with a null name: the query's index and an account id).
 */
export async function subscribersOf(
  tx: Db,
  db: { executeSql(text: string, values?: unknown[]): Promise<SqlResult> },
  schema: string,
  event: string, guards: Listeners[], parsed: unknown[]): Promise<{ queues: string[]; listening: Set<string>[] }> {
  const database = databaseOf(tx);
  if (database?.changes.live) {
    const kept = keptOf(database);
    const queues = await kept.queues.read(
      event,
      async () => ((await db.executeSql(`select name from ${schema}.subscription where event = $1 order by name`, [event])).rows as { name: string }[]).map((r) => r.name),
      () => [`${SUBSCRIPTIONS_CHANGED}:all`],
    );
    const listening = await Promise.all(
      guards.map(async (l) => (await kept.listening.read(l.query, async () => new Set(((await db.executeSql(l.query)).rows as Record<string, unknown>[]).map((r) => String(Object.values(r)[0]))), () => [`${l.changes}:*`]))!),
    );
    return { queues: queues!, listening };
  }
  const accountIds = guards.length > 0 ? [...new Set(parsed.map((p) => (p as { accountId?: unknown }).accountId).filter((a): a is string => typeof a === 'string'))] : [];
  const text = [
    `select name, null::int as guard, null::text as account from ${schema}.subscription where event = $1`,
    ...guards.map((l, i) => `select null, ${i}, l.a::text from (${l.query}) as l(a) where l.a::text in (select value from json_array_elements_text($2::json))`),
  ].join(' union all ');
  const { rows } = await db.executeSql(text, guards.length > 0 ? [event, JSON.stringify(accountIds)] : [event]);
  const typed = rows as { name: string | null; guard: number | null; account: string }[];
  return {
    queues: typed.flatMap((r) => (r.name === null ? [] : [r.name])).sort(),
    listening: guards.map((_, i) => new Set(typed.filter((r) => r.guard === i).map((r) => r.account))),
  };
}

/** The job workers of each database in this process: told which queues got jobs. */
export const workersOf = new WeakMap<Database, (queue: string) => void>();

/**
 * Once the jobs queued in `tx` are committed, the workers of this process fetch them at once (other
 * processes find them at their next poll); nothing when `tx` is a savepoint (the poll finds them).
 */
export function wakeWorkers(tx: Db, queues: readonly string[]): void {
  const database = queues.length > 0 ? databaseOf(tx) : undefined;
  const wake = database && workersOf.get(database);
  if (wake) afterCommit(tx, () => new Set(queues).forEach(wake));
}

