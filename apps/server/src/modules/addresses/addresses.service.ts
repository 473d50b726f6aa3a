import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import {
  ADDRESS_CHECK_LIMITS,
  translate,
  type AddressCheckBatch,
  type AddressCheckBatchListQuery,
  type AddressCheckBody,
  type AddressCheckRow,
  type AddressCheckRowListQuery,
  type AddressCheckStatus,
  type AddressReason,
  type AddressSuggestion,
  type Language,
} from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { scope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { streamWorkbook } from '../../platform/xlsx';
import { checkAddress, fullAddressOf, type AddressInput } from './addresses.checker';
import { AddressProviderUnavailable, type AddressProvider, type NormalisedAddress } from './addresses.provider';
import { addressCheckRows, addressChecks } from './addresses.tables';

// SPEC §2 address check: use cases behind the routes. Every read is limited by `scope(actor)`: a
// seller sees the checks of their own account, staff holding EX-ACT-FOR-CUSTOMER every account's;
// another account's batch is "not found" (404), never forbidden.

type BatchRow = typeof addressChecks.$inferSelect;
type CheckRow = typeof addressCheckRows.$inferSelect;

/** What a row becomes: its status, reasons, suggestion, note and when it was decided. */
export interface RowOutcome {
  status: AddressCheckStatus;
  reasons: AddressReason[];
  suggestion: AddressSuggestion | null;
  note: 'provider_unavailable' | null;
  checkedAt: Date | null;
}

export type AddressRowInput = Required<AddressInput> & { rowNumber: number };

const comparable = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The parts of the provider's normalised address that differ from what was written (beyond case and punctuation). */
function providerSuggestion(input: AddressInput, normalised: NormalisedAddress): AddressSuggestion | null {
  const suggestion: AddressSuggestion = {};
  for (const key of ['country', 'state', 'city', 'zip', 'address1', 'address2'] as const) {
    const theirs = normalised[key].trim();
    if (theirs && comparable(theirs) !== comparable(input[key] ?? '')) suggestion[key] = theirs;
  }
  return Object.keys(suggestion).length > 0 ? suggestion : null;
}

/** The offline check; with a provider, an offline-valid address is then verified by it (or stays pending). */
export async function evaluateAddress(input: AddressInput, provider: AddressProvider | null, now: Date): Promise<RowOutcome> {
  const offline = checkAddress(input);
  if (offline.status === 'invalid' || !provider) return { ...offline, note: null, checkedAt: now };
  return verifyWithProvider(input, provider, now);
}

async function verifyWithProvider(input: AddressInput, provider: AddressProvider, now: Date): Promise<RowOutcome> {
  try {
    const verdict = await provider.verify(input);
    if (!verdict.found) return { status: 'invalid', reasons: ['address_not_found'], suggestion: null, note: null, checkedAt: now };
    return { status: 'valid', reasons: [], suggestion: providerSuggestion(input, verdict.address), note: null, checkedAt: now };
  } catch (err) {
    if (!(err instanceof AddressProviderUnavailable)) throw err;
    // Never a 500: the row waits for the provider, without a reason (it is not known to be wrong).
    return { status: 'pending', reasons: [], suggestion: null, note: 'provider_unavailable', checkedAt: null };
  }
}

/** Recounts a batch's rows; done once nothing is pending. */
async function refreshBatch(db: Db, batchId: string): Promise<void> {
  await db.execute(sql`
    update ${addressChecks} set
      total = c.total, valid_count = c.valid, invalid_count = c.invalid, pending_count = c.pending,
      status = case when c.pending = 0 then 'done' else 'pending' end
    from (
      select count(*)::int as total,
             count(*) filter (where status = 'valid')::int as valid,
             count(*) filter (where status = 'invalid')::int as invalid,
             count(*) filter (where status = 'pending')::int as pending
        from ${addressCheckRows} where batch_id = ${batchId}
    ) c
    where ${addressChecks.id} = ${batchId}`);
}

/** Writes a batch and its rows (in the caller's transaction) and returns the batch. */
export async function insertBatch(
  tx: Db,
  actor: Actor,
  batch: { source: 'single' | 'file'; fileName: string | null },
  rows: (AddressRowInput & RowOutcome)[],
): Promise<BatchRow> {
  const [created] = await tx.insert(addressChecks).values({ accountId: actor.accountId, source: batch.source, fileName: batch.fileName?.slice(0, 255) ?? null, createdBy: actor.userId }).returning();
  // Inserted in chunks: one statement per 500 rows keeps the parameter count well under the limit.
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(addressCheckRows).values(
      rows.slice(i, i + 500).map((r) => ({
        accountId: actor.accountId,
        batchId: created!.id,
        rowNumber: r.rowNumber,
        country: r.country,
        state: r.state,
        city: r.city,
        zip: r.zip,
        address1: r.address1,
        address2: r.address2,
        fullAddress: fullAddressOf(r),
        status: r.status,
        reasons: r.reasons,
        suggestion: r.suggestion,
        note: r.note,
        checkedAt: r.checkedAt,
      })),
    );
  }
  await refreshBatch(tx, created!.id);
  const [fresh] = await tx.select().from(addressChecks).where(eq(addressChecks.id, created!.id));
  return fresh!;
}

export function batchDto(b: BatchRow): AddressCheckBatch {
  return {
    id: b.id,
    accountId: b.accountId,
    source: b.source as AddressCheckBatch['source'],
    fileName: b.fileName,
    status: b.status as AddressCheckBatch['status'],
    total: b.total,
    valid: b.validCount,
    invalid: b.invalidCount,
    pending: b.pendingCount,
    createdBy: b.createdBy,
    createdAt: b.createdAt.toISOString(),
  };
}

export const reasonText = (lang: Language, reasons: readonly AddressReason[]) => reasons.map((r) => translate(lang, `addressCheck.reason.${r}`)).join(' ');

export function rowDto(r: CheckRow, lang: Language): AddressCheckRow {
  return {
    id: r.id,
    batchId: r.batchId,
    rowNumber: r.rowNumber,
    country: r.country,
    state: r.state,
    city: r.city,
    zip: r.zip,
    address1: r.address1,
    address2: r.address2,
    fullAddress: r.fullAddress,
    status: r.status as AddressCheckStatus,
    reasons: r.reasons,
    reasonText: reasonText(lang, r.reasons),
    suggestion: r.suggestion ?? null,
    note: (r.note as AddressCheckRow['note']) ?? null,
    checkedAt: r.checkedAt?.toISOString() ?? null,
  };
}

const suggestionText = (s: AddressSuggestion | null) =>
  s
    ? (['address1', 'address2', 'city', 'state', 'zip', 'country'] as const)
        .filter((k) => s[k])
        .map((k) => `${k}: ${s[k]}`)
        .join('; ')
    : '';

export interface AddressCheckDeps {
  db: Db;
  provider: AddressProvider | null;
  /** Queues the provider's retry of a batch's pending rows. */
  queueVerify: (batchId: string) => Promise<void>;
  now?: () => Date;
}

export function createAddressCheckService(deps: AddressCheckDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireBatch(actor: Actor, id: string): Promise<BatchRow> {
    const [b] = await db.select().from(addressChecks).where(and(eq(addressChecks.id, id), scope(actor, addressChecks.accountId)));
    if (!b) throw new AppError('ADDRESS_CHECK_NOT_FOUND', 404);
    return b;
  }

  return {
    provider,

    /** Checks one address and keeps it as a batch of one row; answers the row. */
    async checkOne(actor: Actor, body: AddressCheckBody, lang: Language): Promise<AddressCheckRow> {
      const input: AddressRowInput = { ...body, rowNumber: 1 };
      const outcome = await evaluateAddress(input, provider, now());
      const batch = await db.transaction((tx) => insertBatch(tx, actor, { source: 'single', fileName: null }, [{ ...input, ...outcome }]));
      if (batch.pendingCount > 0) await deps.queueVerify(batch.id);
      const [row] = await db.select().from(addressCheckRows).where(eq(addressCheckRows.batchId, batch.id));
      return rowDto(row!, lang);
    },

    /**
     * The rows of a file, checked offline (in the import's transaction). With a provider, offline-valid
     * rows are left pending for the verify job, which runs once the batch is committed.
     */
    async insertFileBatch(tx: Db, actor: Actor, fileName: string, rows: AddressRowInput[]): Promise<BatchRow> {
      const at = now();
      const checked = rows.map((r) => {
        const offline = checkAddress(r);
        const outcome: RowOutcome =
          offline.status === 'valid' && provider ? { status: 'pending', reasons: [], suggestion: null, note: null, checkedAt: null } : { ...offline, note: null, checkedAt: at };
        return { ...r, ...outcome };
      });
      return insertBatch(tx, actor, { source: 'file', fileName }, checked);
    },

    queueVerify: deps.queueVerify,

    /**
     * The job: asks the provider about every pending row of a batch. Rows it could not answer stay
     * pending and the job fails, so the queue retries it with backoff.
     */
    async verifyPending(batchId: string): Promise<{ verified: number; stillPending: number }> {
      if (!provider) return { verified: 0, stillPending: 0 };
      const pending = await db.select().from(addressCheckRows).where(and(eq(addressCheckRows.batchId, batchId), eq(addressCheckRows.status, 'pending'))).orderBy(asc(addressCheckRows.rowNumber));
      let stillPending = 0;
      for (const r of pending) {
        const outcome = await verifyWithProvider(r, provider, now());
        if (outcome.status === 'pending') stillPending++;
        await db
          .update(addressCheckRows)
          .set({ status: outcome.status, reasons: outcome.reasons, suggestion: outcome.suggestion, note: outcome.note, checkedAt: outcome.checkedAt })
          .where(and(eq(addressCheckRows.id, r.id), eq(addressCheckRows.status, 'pending')));
      }
      await refreshBatch(db, batchId);
      if (stillPending > 0) throw new AddressProviderUnavailable(`${stillPending} rows of batch ${batchId} still pending`);
      return { verified: pending.length, stillPending };
    },

    async listBatches(actor: Actor, q: AddressCheckBatchListQuery) {
      const where = and(scope(actor, addressChecks.accountId), q.source ? eq(addressChecks.source, q.source) : undefined);
      const [total] = await db.select({ n: count() }).from(addressChecks).where(where);
      const items = await db
        .select()
        .from(addressChecks)
        .where(where)
        .orderBy(desc(addressChecks.createdAt), desc(addressChecks.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { items: items.map(batchDto), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
    },

    async getBatch(actor: Actor, id: string): Promise<AddressCheckBatch> {
      return batchDto(await requireBatch(actor, id));
    },

    async listRows(actor: Actor, id: string, q: AddressCheckRowListQuery, lang: Language) {
      const batch = await requireBatch(actor, id);
      const where = and(eq(addressCheckRows.batchId, batch.id), q.status ? eq(addressCheckRows.status, q.status) : undefined);
      const [total] = await db.select({ n: count() }).from(addressCheckRows).where(where);
      const items = await db
        .select()
        .from(addressCheckRows)
        .where(where)
        .orderBy(asc(addressCheckRows.rowNumber))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { batch: batchDto(batch), items: items.map((r) => rowDto(r, lang)), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
    },

    /** SPEC §3 row: status, full address, reason, suggested correction, checked date (in the user's offset). */
    async exportRows(actor: Actor & { timeZone?: string }, id: string, q: Pick<AddressCheckRowListQuery, 'status'>, lang: Language): Promise<{ fileName: string; stream: Readable }> {
      const batch = await requireBatch(actor, id);
      const rows = await db
        .select()
        .from(addressCheckRows)
        .where(and(eq(addressCheckRows.batchId, batch.id), q.status ? eq(addressCheckRows.status, q.status) : undefined))
        .orderBy(asc(addressCheckRows.rowNumber))
        .limit(ADDRESS_CHECK_LIMITS.maxRows);
      const headers = ['row', 'status', 'fullAddress', 'reason', 'suggestion', 'checkedAt'].map((k) => translate(lang, `addressCheck.export.${k}`));
      const offset = actor.timeZone ?? '+07:00';
      const lines = rows.map((r) => {
        const note = r.note ? translate(lang, `addressCheck.note.${r.note}`) : '';
        return [r.rowNumber, translate(lang, `addressCheck.status.${r.status}`), r.fullAddress, reasonText(lang, r.reasons) || note, suggestionText(r.suggestion ?? null), r.checkedAt ? formatDateTime(r.checkedAt, offset) : ''];
      });
      const stream = streamWorkbook([{ name: 'Address check', headers, rows: lines, widths: [8, 12, 60, 50, 40, 22] }]);
      const base = batch.fileName ? batch.fileName.replace(/\.xlsx$/i, '') : 'Address_check';
      return { fileName: `${base}_checked.xlsx`.replace(/[\\/:*?"<>|\r\n]/g, '_'), stream };
    },
  };
}

export type AddressCheckService = ReturnType<typeof createAddressCheckService>;
