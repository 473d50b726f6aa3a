import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { dateRangeWhere } from '../../platform/crud';
import type { z } from 'zod';
import { CreateTopUpEndpoint, TOP_UP_LIMITS, type EndpointData, type FieldError, type ListTopUpsEndpoint, type ParsedQuery, type TopUpStatus } from '@exship/contracts';
import { requireOwned, scope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { isOwnSiteUrl } from '../../platform/http';
import { idempotent } from '../../platform/idempotency';
import { emit } from '../../platform/jobs';
import { detectImageType, newStorageKey, putAccountFile, reencodeImage, type Storage, type Upload } from '../../platform/storage';
import type { PaymentGateway } from './gateway/payment-gateway';
import { OnlineTopUpPaid, TopUpReviewed, TopUpSubmitted } from './wallet.events';
import { creditWallet, walletNote } from './wallet.ledger';
import { paymentCheckouts, topUpRequests } from './wallet.tables';

type Row = typeof topUpRequests.$inferSelect;
type TopUpDto = EndpointData<typeof CreateTopUpEndpoint>;

/** Who the customers are, for staff lists (connected by the users module, which comes later in modules.ts). */
export type CustomerEmails = (db: Db, accountIds: string[]) => Promise<Map<string, string>>;

const toDto = (r: Row, emails?: Map<string, string>): TopUpDto => ({
  id: r.id,
  customerId: r.accountId,
  customerEmail: emails?.get(r.accountId) ?? null,
  amount: r.amountCents / 100,
  gateway: r.gateway,
  note: r.note,
  status: r.status as TopUpStatus,
  declineReason: r.declineReason,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  transactionId: r.transactionId,
  proofUrl: `/api/v1/wallet/top-up-requests/${r.id}/proof`,
  createdAt: r.createdAt.toISOString(),
});

const issuesToErrors = (issues: readonly z.core.$ZodIssue[]): FieldError[] => issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));

export function createTopUpService(deps: {
  db: Db;
  storage: Storage;
  gateway: PaymentGateway | null;
  appUrl: string;
  customerEmails: () => CustomerEmails | null;
  bankTransfer?: { bankName: string; accountName: string; accountNumber: string; details: string };
}) {
  const { db, storage } = deps;

  async function emailsOf(rows: Row[]) {
    const lookup = deps.customerEmails();
    return lookup && rows.length > 0 ? lookup(db, [...new Set(rows.map((r) => r.accountId))]) : undefined;
  }

  /** The pending request, locked for this transaction; TOPUP_ALREADY_REVIEWED when it was reviewed. */
  async function claimPending(tx: Db, actor: Actor, id: string): Promise<Row> {
    // Visible to the actor at all (another seller's id looks missing) …
    await requireOwned(tx, actor, topUpRequests, [id], { notFound: 'TOPUP_NOT_FOUND' });
    // … and still pending once its row lock is ours: a second reviewer waits here for the first to
    // commit, then reads the new status and is refused.
    const [row] = await tx.select().from(topUpRequests).where(eq(topUpRequests.id, id)).for('update');
    if (!row || row.status !== 'pending') throw new AppError('TOPUP_ALREADY_REVIEWED', 409, { vars: { status: row?.status ?? '' }, details: { status: row?.status } });
    return row;
  }

  return {
    /**
     * SPEC §5: a seller asks for a top-up with the proof photo of its bank transfer. The fields are
     * checked first (each error names its field), then the photo by its bytes; the photo is decoded and
     * stored as pixels only, in the transaction of the request.
     */
    async request(actor: Actor, form: { fields: Record<string, string>; upload?: Upload }, idempotencyKey: string | undefined): Promise<TopUpDto> {
      const parsed = CreateTopUpEndpoint.body.safeParse(form.fields);
      const errors = parsed.success ? [] : issuesToErrors(parsed.error.issues);
      if (!form.upload) errors.push({ field: 'proof', message: 'validation.topUp.proofRequired' });
      else if (!detectImageType(form.upload.data)) errors.push({ field: 'proof', message: 'validation.topUp.proofType' });
      if (errors.length > 0 || !parsed.success || !form.upload) throw new AppError('VALIDATION_FAILED', 400, { errors });
      const upload = form.upload;
      let image: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        image = await reencodeImage(upload);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.code, err.status, { ...err.opts, errors: [{ field: 'proof', message: 'validation.image.unreadable' }] });
        throw err;
      }
      const amountCents = Math.round(parsed.data.amount * 100);
      const digest = crypto.createHash('sha256').update(upload.data).digest('hex');
      let storedKey: string | undefined;
      try {
        return await idempotent(db, `top-up:${actor.userId}`, idempotencyKey, { ...parsed.data, proof: digest }, async (tx) => {
          const key = newStorageKey(`top-up-proofs/${actor.accountId}`, image.type);
          await putAccountFile(tx, storage, { key, accountId: actor.accountId, kind: 'top-up-proof', data: image.data });
          storedKey = key;
          const [row] = await tx
            .insert(topUpRequests)
            .values({ accountId: actor.accountId, amountCents, gateway: 'bank', proofKey: key, note: parsed.data.note, createdBy: actor.userId })
            .returning();
          // The reviewers are told (a bell notice) once this commits: a waiting request is their work.
          await emit(tx, TopUpSubmitted, { topUpId: row!.id, accountId: row!.accountId, amountCents, at: row!.createdAt.toISOString() });
          return toDto(row!);
        });
      } catch (err) {
        // The request was rolled back: its photo goes too (its stored_files row went with the transaction).
        if (storedKey) await storage.delete(storedKey).catch(() => undefined);
        throw err;
      }
    },

    /** Staff: every account's requests (or one customer's); a seller: its own. */
    async list(actor: Actor, q: ParsedQuery<typeof ListTopUpsEndpoint>) {
      const where = and(
        scope(actor, topUpRequests.accountId, q.customerId),
        q.status !== 'all' ? eq(topUpRequests.status, q.status) : undefined,
        dateRangeWhere(topUpRequests.createdAt, q.dateFrom, q.dateTo),
      );
      const pendingWhere = and(scope(actor, topUpRequests.accountId, q.customerId), eq(topUpRequests.status, 'pending'));
      const [rows, [total], [pending]] = await Promise.all([
        db.select().from(topUpRequests).where(where).orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(topUpRequests).where(where),
        db.select({ n: count() }).from(topUpRequests).where(pendingWhere),
      ]);
      const emails = await emailsOf(rows);
      return { items: rows.map((r) => toDto(r, emails)), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize, pending: Number(pending?.n ?? 0) };
    },

    /** The proof photo: its owner's account and staff only (another seller's id is a missing one). */
    async proof(actor: Actor, id: string): Promise<{ data: Buffer; contentType: string }> {
      const [row] = await requireOwned(db, actor, topUpRequests, [id], { notFound: 'TOPUP_NOT_FOUND' });
      const data = await storage.get(row!.proofKey);
      if (!data) throw new AppError('FILE_NOT_FOUND', 404);
      return { data, contentType: detectImageType(data) === 'jpg' ? 'image/jpeg' : 'image/png' };
    },

    /**
     * Staff accept: the wallet is credited exactly once. The request row is locked and checked
     * pending, the wallet credited (ledger entries with it), and the status moved by an UPDATE that
     * is guarded by `status = 'pending'`, all in one transaction; the CHECK `accepted ⇔ transaction`
     * and the unique transaction id are the backstop.
     */
    accept(actor: Actor, id: string, idempotencyKey: string | undefined) {
      return idempotent(db, `top-up-accept:${actor.userId}`, idempotencyKey, { id }, async (tx) => {
        const row = await claimPending(tx, actor, id);
        const credit = await creditWallet(tx, 'top_up', { accountId: row.accountId, amountCents: row.amountCents, actorId: actor.userId, gateway: row.gateway, proof: row.proofKey, note: row.note });
        const now = new Date();
        const [done] = await tx
          .update(topUpRequests)
          .set({ status: 'accepted', reviewedBy: actor.userId, reviewedAt: now, transactionId: credit.transactionId })
          .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'pending')))
          .returning();
        if (!done) throw new AppError('TOPUP_ALREADY_REVIEWED', 409, { vars: { status: 'accepted' } });
        await emit(tx, TopUpReviewed, { topUpId: id, accountId: row.accountId, amountCents: row.amountCents, status: 'accepted', reason: null, reviewedBy: actor.userId, at: now.toISOString() });
        return { ...toDto(done), balanceAfter: credit.balanceAfterCents / 100 };
      });
    },

    /** Staff decline with a reason; nothing is credited. */
    decline(actor: Actor, id: string, reason: string) {
      return db.transaction(async (tx) => {
        const row = await claimPending(tx, actor, id);
        const now = new Date();
        const [done] = await tx
          .update(topUpRequests)
          .set({ status: 'declined', declineReason: reason, reviewedBy: actor.userId, reviewedAt: now })
          .where(and(eq(topUpRequests.id, id), eq(topUpRequests.status, 'pending')))
          .returning();
        if (!done) throw new AppError('TOPUP_ALREADY_REVIEWED', 409, { vars: { status: 'declined' } });
        await emit(tx, TopUpReviewed, { topUpId: id, accountId: row.accountId, amountCents: row.amountCents, status: 'declined', reason, reviewedBy: actor.userId, at: now.toISOString() });
        return toDto(done);
      });
    },

    /** Whether the wallet screen may offer a checkout: a payment provider is configured. */
    onlineTopUp() {
      return { available: deps.gateway !== null };
    },

    /** The bank account to transfer to and the reference (the account's email) staff match the transfer by. */
    async bankTransfer(actor: Actor) {
      const email = (await deps.customerEmails()?.(db, [actor.accountId]))?.get(actor.accountId) ?? '';
      const bank = deps.bankTransfer;
      return bank ? { available: true, ...bank, reference: email } : { available: false, bankName: '', accountName: '', accountNumber: '', details: '', reference: email };
    },

    /** Opens a checkout with the payment provider for the seller's account; PAYMENT_GATEWAY_OFF without one. */
    async checkout(actor: Actor, body: { amount: number; returnUrl?: string }, idempotencyKey: string | undefined) {
      const gateway = deps.gateway;
      if (!gateway) throw new AppError('PAYMENT_GATEWAY_OFF', 409);
      if (body.returnUrl !== undefined && !isOwnSiteUrl(body.returnUrl, deps.appUrl)) throw fieldError('returnUrl', 'validation.url.notThisSite');
      const amountCents = Math.round(body.amount * 100);
      return idempotent(db, `checkout:${actor.userId}`, idempotencyKey, body, async (tx) => {
        const session = await gateway.createCheckout(amountCents, actor.accountId, body.returnUrl ?? `${deps.appUrl}/app/billing`);
        await tx.insert(paymentCheckouts).values({ accountId: actor.accountId, provider: gateway.name, sessionId: session.sessionId, amountCents, createdBy: actor.userId });
        return session;
      });
    },

    /**
     * The provider's webhook: a verified `checkout.completed` for a known session credits its wallet
     * once — the checkout moves from pending to paid by a guarded UPDATE in the transaction of the
     * credit, so a replayed event (same id or same session) changes nothing. The amount credited is
     * the one we asked for; an event that names another amount is refused.
     */
    async webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ received: boolean; credited: boolean }> {
      const gateway = deps.gateway;
      if (!gateway) throw new AppError('NOT_FOUND', 404);
      const event = gateway.verifyWebhook(rawBody, headers);
      if (event.type !== 'checkout.completed' || !event.sessionId) return { received: true, credited: false };
      const sessionId = event.sessionId;
      return db.transaction(async (tx) => {
        const [checkout] = await tx.select().from(paymentCheckouts).where(and(eq(paymentCheckouts.provider, gateway.name), eq(paymentCheckouts.sessionId, sessionId))).for('update');
        if (!checkout) throw new AppError('CHECKOUT_NOT_FOUND', 404);
        if (checkout.status !== 'pending') return { received: true, credited: false };
        if (event.amountCents !== null && event.amountCents !== checkout.amountCents) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, { details: { reason: 'amount' } });
        const credit = await creditWallet(tx, 'top_up', { accountId: checkout.accountId, amountCents: checkout.amountCents, actorId: null, gateway: gateway.name, ...walletNote('onlineTopUp', { session: sessionId }) });
        const paid = await tx
          .update(paymentCheckouts)
          .set({ status: 'paid', eventId: event.id, transactionId: credit.transactionId, paidAt: sql`now()` })
          .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, 'pending')))
          .returning({ id: paymentCheckouts.id });
        if (paid.length === 0) throw new AppError('TOPUP_ALREADY_REVIEWED', 409, { vars: { status: 'paid' } });
        await emit(tx, OnlineTopUpPaid, { accountId: checkout.accountId, transactionId: credit.transactionId, amountCents: checkout.amountCents, at: new Date().toISOString() });
        return { received: true, credited: true };
      });
    },

    limits: TOP_UP_LIMITS,
  };
}

export type TopUpService = ReturnType<typeof createTopUpService>;
