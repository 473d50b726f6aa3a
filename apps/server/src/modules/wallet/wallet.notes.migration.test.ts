import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The wallet-note-keys migration gives the notes the platform wrote before (English sentences) their
// key and values, so they read in the reader's language; a note a person wrote stays without a key.
const DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.sql')).sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of fs.readFileSync(path.join(DIR, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const PERSON = '00000000-0000-4000-8000-000000000002';
let db: PGlite;
beforeAll(async () => {
  // The contrib extensions earlier migrations create (the order list's trigram index).
  db = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin } });
  const target = files.findIndex((f) => f.endsWith('_wallet_note_keys.sql'));
  expect(target).toBeGreaterThan(0);
  for (const f of files.slice(0, target)) await run(db, f);
  const rows: [string, string, string | null, string | null][] = [
    ['payment', 'Payment of 1 order', null, PERSON],
    ['payment', 'Payment of 8 orders', null, PERSON],
    ['refund', 'Refund of EX8F0V57GBPV', null, null],
    ['pay_credit', 'Credit repayment', 'bank', PERSON],
    ['pay_credit', 'Paid by transfer 77', 'bank', PERSON],
    ['top_up', 'checkout cs_test_42', 'stripe', null],
    ['top_up', 'Demo opening balance', 'bank', null],
    ['top_up', 'VCB transfer', 'bank', PERSON],
    ['sent', 'Payment to ann@example.com', 'wallet', PERSON],
    ['received', 'Payment to ann@example.com', 'wallet', PERSON],
    ['sent', 'Payment to the March boxes', 'wallet', PERSON],
  ];
  for (const [type, note, gateway, createdBy] of rows) {
    await db.query(`insert into wallet_transactions (account_id, type, amount_cents, balance_after_cents, gateway, note, created_by) values ($1, $2, 100, 100, $3, $4, $5)`, [ACCOUNT, type, gateway, note, createdBy]);
  }
  await run(db, files[target]!);
});
afterAll(async () => {
  await db?.close();
});

const keyOf = async (type: string, note: string) =>
  (await db.query<{ note_key: string | null; note_vars: Record<string, string> | null }>(`select note_key, note_vars from wallet_transactions where type = $1 and note = $2`, [type, note])).rows[0]!;

describe('the wallet-note-keys migration on existing transactions', () => {
  it.each([
    ['payment', 'Payment of 1 order', 'payOrder', {}],
    ['payment', 'Payment of 8 orders', 'payOrders', { count: '8' }],
    ['refund', 'Refund of EX8F0V57GBPV', 'refundOrder', { order: 'EX8F0V57GBPV' }],
    ['pay_credit', 'Credit repayment', 'creditRepayment', {}],
    ['top_up', 'checkout cs_test_42', 'onlineTopUp', { session: 'cs_test_42' }],
    ['top_up', 'Demo opening balance', 'openingBalance', {}],
    ['sent', 'Payment to ann@example.com', 'paymentTo', { email: 'ann@example.com' }],
    ['received', 'Payment to ann@example.com', 'paymentTo', { email: 'ann@example.com' }],
  ])('%s "%s" becomes %s', async (type, note, key, vars) => {
    expect(await keyOf(type, note)).toEqual({ note_key: key, note_vars: vars });
  });

  it.each([
    ['pay_credit', 'Paid by transfer 77'],
    ['top_up', 'VCB transfer'],
    ['sent', 'Payment to the March boxes'],
  ])('a person\'s note (%s "%s") keeps no key', async (type, note) => {
    expect(await keyOf(type, note)).toEqual({ note_key: null, note_vars: null });
  });
});
