import pg from 'pg';

/**
 * The change feed: triggers (migration 0046_change_feed) announce committed changes to the rows that
 * processes keep in memory — wallets and users by account, sessions and permission overrides by
 * user, roles and their permissions by role — as NOTIFY 'table:id' on one channel. PostgreSQL
 * delivers a notification only when its transaction commits, to every process listening, this one
 * included, so a kept value is dropped everywhere as soon as the change is visible.
 *
 * A process may keep a read only while it hears every change (`live`), and only when no change was
 * heard while the read ran (`generation` unchanged): a read that began before a commit and ended after
 * it may hold the old value. While the listening connection is down nothing is kept and nothing kept
 * is answered; every handler hears `null` (anything may have changed) when the feed is lost.
 */
export interface ChangeFeed {
  readonly live: boolean;
  readonly generation: number;
  /** `handler` gets the id of each committed change to `table`, or null after a gap in the feed. */
  on(table: string, handler: (id: string | null) => void): void;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'exship_changes';
const RECONNECT_MS = [100, 500, 1_000, 2_000, 5_000];

/** The part every feed shares: handlers by table, the generation, the gap. */
class Feed implements ChangeFeed {
  live = false;
  generation = 0;
  private readonly handlers = new Map<string, ((id: string | null) => void)[]>();

  constructor(private readonly start: (feed: Feed) => void) {}

  on(table: string, handler: (id: string | null) => void): void {
    const first = this.handlers.size === 0;
    this.handlers.set(table, [...(this.handlers.get(table) ?? []), handler]);
    // Listening starts with the first cache that needs it.
    if (first) this.start(this);
  }

  heard(payload: string | undefined): void {
    this.generation++;
    if (!payload) return;
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const id = payload.slice(colon + 1);
    for (const handler of this.handlers.get(payload.slice(0, colon)) ?? []) handler(id);
  }

  setLive(live: boolean): void {
    this.generation++;
    if (this.live && !live) for (const list of this.handlers.values()) for (const handler of list) handler(null);
    this.live = live;
  }

  close = async (): Promise<void> => {
    this.setLive(false);
    await this.stop?.();
  };

  stop?: () => Promise<void>;
}

/** A dedicated connection that LISTENs; it reconnects after a loss (the feed is not live meanwhile). */
export function postgresChangeFeed(connectionString: string, warn: (message: string) => void = console.warn): ChangeFeed {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const feed = new Feed((f) => void connect(f));

  async function connect(f: Feed): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      f.setLive(false);
      c.end().catch(() => {});
      if (closed) return;
      if (err) warn(`change feed connection lost: ${err.message}`);
      const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
      timer = setTimeout(() => void connect(f), wait);
      timer.unref();
    };
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) f.heard(n.payload);
    });
    c.on('error', onLost);
    c.on('end', () => onLost());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (closed || lost) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    f.setLive(true);
  }

  feed.stop = async () => {
    closed = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
  return feed;
}

/** PGlite is one process's own database: its notifications come back on the same client. */
export function pgliteChangeFeed(client: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> }): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  const feed = new Feed((f) => {
    void client.listen(CHANGE_CHANNEL, (payload) => f.heard(payload)).then((stop) => {
      if (closed) return void stop().catch(() => {});
      unlisten = stop;
      f.setLive(true);
    });
  });
  feed.stop = async () => {
    closed = true;
    await unlisten?.().catch(() => {});
  };
  return feed;
}

/**
 * Reads kept in memory while the feed says nothing they depend on changed: each entry names the
 * changes that drop it (`table:id`, e.g. `wallets:<account>`, or `table:*`: any change); every entry goes when the feed is lost,
 * and after `ttlMs` in any case (values that depend on the clock are computed from the entry per use).
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, { at: number; value: V; tags: readonly string[] }>();
  private readonly byTag = new Map<string, Set<string>>();

  constructor(
    private readonly feed: ChangeFeed,
    tables: readonly string[],
    private readonly opts: { ttlMs: number; max: number },
  ) {
    // An entry tagged `table:*` depends on every row of the table.
    for (const table of tables) feed.on(table, (id) => (id === null ? this.clear() : (this.dropTag(`${table}:${id}`), this.dropTag(`${table}:*`))));
  }

  get(key: string): V | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.opts.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The kept value, or `load`'s, kept when nothing changed while it ran. */
  async read(key: string, load: () => Promise<V | undefined>, tagsOf: (value: V) => readonly string[]): Promise<V | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.feed.generation;
    const value = await load();
    if (value !== undefined && this.feed.live && this.feed.generation === generation) this.set(key, value, tagsOf(value));
    return value;
  }

  private set(key: string, value: V, tags: readonly string[]): void {
    this.delete(key);
    if (this.entries.size >= this.opts.max) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), value, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private dropTag(tag: string): void {
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
