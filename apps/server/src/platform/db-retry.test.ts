import { describe, expect, it } from 'vitest';
import { afterCommit, retryTransactions, TRANSACTION_RUNS, type Database, type Db } from './db';

// The transaction helper runs a transaction again, whole, when PostgreSQL ended it with a deadlock
// (40P01) or a serialization failure (40001); drizzle wraps the driver's error, the SQLSTATE is in `cause`.
const sqlError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code }) });

/** A database whose transaction hands `work` a fake tx and counts the runs. */
function fakeDb(): { db: Db; runs: () => number } {
  let runs = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      runs++;
      return work({ run: runs });
    },
  } as unknown as Db;
  retryTransactions(db);
  return { db, runs: () => runs };
}

describe('db.transaction retries', () => {
  it('runs the transaction again after a deadlock (40P01) and answers its result', async () => {
    const { db, runs } = fakeDb();
    let calls = 0;
    const result = await db.transaction(async () => {
      calls++;
      if (calls === 1) throw sqlError('40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs()).toBe(2);
  });

  it('retries a serialization failure (40001) given at the top level too', async () => {
    const { db, runs } = fakeDb();
    let calls = 0;
    await db.transaction(async () => {
      if (++calls === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(runs()).toBe(2);
  });

  it('gives up after a bounded number of runs, throwing the last error', async () => {
    const { db, runs } = fakeDb();
    await expect(db.transaction(async () => Promise.reject(sqlError('40P01')))).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(runs()).toBe(TRANSACTION_RUNS);
  });

  it('never retries other errors (a unique violation, an application error)', async () => {
    const { db, runs } = fakeDb();
    await expect(db.transaction(async () => Promise.reject(sqlError('23505')))).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(db.transaction(async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ORDER_NOT_FOUND' })))).rejects.toThrow('nope');
    expect(runs()).toBe(2);
  });
});

describe('afterCommit', () => {
  /** A database owned by a Database, so its transactions keep work for after their commit. */
  function ownedDb() {
    const db = {
      transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}),
    } as unknown as Db;
    retryTransactions(db, { db } as unknown as Database);
    return db;
  }

  it('runs after the commit only, once, and not for a run that rolled back and was retried', async () => {
    const db = ownedDb();
    const seen: string[] = [];
    let calls = 0;
    await db.transaction(async (tx) => {
      calls++;
      afterCommit(tx, () => seen.push(`run ${calls}`));
      if (calls === 1) throw sqlError('40P01');
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['run 2']);
    await db
      .transaction(async (tx) => {
        afterCommit(tx, () => seen.push('rolled back'));
        throw new Error('no');
      })
      .catch(() => {});
    expect(seen).toEqual(['run 2']);
  });

  it('runs at once on the root db; refuses what it cannot follow (a savepoint)', () => {
    const db = ownedDb();
    const seen: string[] = [];
    expect(afterCommit(db, () => seen.push('root'))).toBe(true);
    expect(seen).toEqual(['root']);
    expect(afterCommit({} as Db, () => seen.push('savepoint'))).toBe(false);
    expect(seen).toEqual(['root']);
  });
});
