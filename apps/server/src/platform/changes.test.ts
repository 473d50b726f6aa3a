import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, eventually, startTestApp, type TestApp } from '../test/harness';
import { FeedCache, type ChangeFeed } from './changes';

/** A feed the test drives by hand: what the triggers and the listening connection would do. */
function handFeed() {
  const handlers = new Map<string, ((id: string | null) => void)[]>();
  const feed = {
    live: true,
    generation: 0,
    on(table: string, handler: (id: string | null) => void) {
      handlers.set(table, [...(handlers.get(table) ?? []), handler]);
    },
    close: async () => {},
    change(table: string, id: string) {
      feed.generation++;
      for (const h of handlers.get(table) ?? []) h(id);
    },
    lose() {
      feed.generation++;
      feed.live = false;
      for (const list of handlers.values()) for (const h of list) h(null);
    },
  };
  return feed satisfies ChangeFeed;
}

describe('FeedCache', () => {
  const tags = (v: { account: string }) => [`wallets:${v.account}`];

  it('keeps a read until a change names it; other changes leave it', async () => {
    const feed = handFeed();
    const kept = new FeedCache<{ account: string; n: number }>(feed, ['wallets'], { ttlMs: 60_000, max: 10 });
    let loads = 0;
    const load = async () => ({ account: 'A', n: ++loads });
    expect(await kept.read('u1', load, tags)).toEqual({ account: 'A', n: 1 });
    expect(await kept.read('u1', load, tags)).toEqual({ account: 'A', n: 1 });
    feed.change('wallets', 'B');
    feed.change('users', 'A');
    expect(kept.get('u1')).toEqual({ account: 'A', n: 1 });
    feed.change('wallets', 'A');
    expect(kept.get('u1')).toBeUndefined();
    expect(await kept.read('u1', load, tags)).toEqual({ account: 'A', n: 2 });
  });

  it('a read tagged table:* goes with a change to any row of the table', async () => {
    const feed = handFeed();
    const kept = new FeedCache<string[]>(feed, ['webhook_endpoints'], { ttlMs: 60_000, max: 10 });
    let loads = 0;
    const load = async () => [`load ${++loads}`];
    await kept.read('all', load, () => ['webhook_endpoints:*']);
    feed.change('wallets', 'A');
    expect(kept.get('all')).toEqual(['load 1']);
    feed.change('webhook_endpoints', 'any-account');
    expect(kept.get('all')).toBeUndefined();
    expect(await kept.read('all', load, () => ['webhook_endpoints:*'])).toEqual(['load 2']);
  });

  it('does not keep a read during which a change was heard (it may hold the value from before the commit)', async () => {
    const feed = handFeed();
    const kept = new FeedCache<{ account: string }>(feed, ['wallets'], { ttlMs: 60_000, max: 10 });
    await kept.read(
      'u1',
      async () => {
        feed.change('wallets', 'A');
        return { account: 'A' };
      },
      tags,
    );
    expect(kept.get('u1')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('answers nothing and keeps nothing while the feed is lost, and forgets all it kept', async () => {
    const feed = handFeed();
    const kept = new FeedCache<{ account: string }>(feed, ['wallets'], { ttlMs: 60_000, max: 10 });
    await kept.read('u1', async () => ({ account: 'A' }), tags);
    expect(kept.size).toBe(1);
    feed.lose();
    expect(kept.size).toBe(0);
    await kept.read('u1', async () => ({ account: 'A' }), tags);
    expect(kept.get('u1')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('holds at most `max` entries and none past its time', async () => {
    const feed = handFeed();
    const kept = new FeedCache<{ account: string }>(feed, ['wallets'], { ttlMs: 0, max: 2 });
    for (const key of ['a', 'b', 'c']) await kept.read(key, async () => ({ account: key }), tags);
    expect(kept.size).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    expect(kept.get('c')).toBeUndefined();
  });
});

describe('the change feed on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const accountOf = async (email: string) => (await t.ctx.database.executeSql('select account_id from users where email = $1', [email])).rows[0]!.account_id as string;

  it('announces a committed wallet change with its account, never a rolled-back one, and only at the commit', async () => {
    const feed = t.ctx.database.changes;
    const heard: (string | null)[] = [];
    feed.on('wallets', (id) => heard.push(id));
    await eventually(async () => feed.live);
    const account = await accountOf(SELLER.email);

    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update wallets set credit_limit_cents = credit_limit_cents + 1 where account_id = ${account}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    let heardInside: (string | null)[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update wallets set credit_limit_cents = credit_limit_cents + 1 where account_id = ${account}`);
      // a round trip on another connection (PGlite: after this transaction) gives a notification time to arrive
      await new Promise((r) => setTimeout(r, 50));
      heardInside = [...heard];
    });
    await eventually(async () => heard.length > 0);
    expect(heardInside).toEqual([]);
    expect(heard).toEqual([account]);
  });

  it('GET /me shows a wallet changed behind the server’s back at once (no kept copy survives the change)', async () => {
    const token = await t.login(SELLER.email, SELLER.password);
    const me = async () => (await t.call({ method: 'GET', url: '/api/v1/me', token })).body.data;
    const before = (await me()).wallet.balance as number;
    expect(await me()).toMatchObject({ wallet: { balance: before } });
    const account = await accountOf(SELLER.email);
    await t.ctx.database.executeSql('update wallets set balance_cents = balance_cents + 12345 where account_id = $1', [account]);
    const after = await eventually(async () => {
      const w = (await me()).wallet;
      return w.balance !== before ? w : null;
    }, 2_000, 10);
    expect(after.balance).toBeCloseTo(before + 123.45, 2);
    // and a profile change made the same way
    await t.ctx.database.executeSql(`update users set full_name = 'Renamed Behind' where account_id = $1`, [account]);
    expect(await eventually(async () => ((await me()).fullName === 'Renamed Behind' ? true : null), 2_000, 10)).toBe(true);
  });
});
