import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SLA_TARGETS,
  TICKET_LIMITS,
  dateFilterBound,
  type ClaimReason,
  type SlaTarget,
  type TicketDetail,
  type TicketStatus,
  type TicketSupportFor,
  type TicketType,
} from '@exship/contracts';
import { claimCompensation, claimEligibility, dayVars, isTicketDueToClose, isTicketOverdue, mayStaffMoveTicket, statusAfterReply, ticketClock, validOffset } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { actsForAnyAccount, maySeeAccount, scope, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/jobs';
import { IMAGE_CONTENT_TYPES, newStorageKey, putAccountFile, reencodeImage, type Storage, type Upload } from '../../platform/storage';
import type { OrderService } from '../orders';
import { parcelHistoryOf } from '../shipping';
import { activeUsersWithPermission, findUsersByIds, loadPrincipal } from '../users';
import { creditWallet, walletNote } from '../wallet';
import { TicketChanged } from './tickets.events';
import { CREATE, DAY, MANAGE, PDF_MAGIC, attachmentDto, money, sideOf, ticketCode, usd, type TicketRow } from './tickets.helpers';
import { claims, ticketAttachments, ticketMessages, ticketReads, ticketSlaTargets, tickets } from './tickets.tables';

type ClaimRow = typeof claims.$inferSelect;
export { ticketCode } from './tickets.helpers';

export interface TicketDeps {
  db: Db;
  storage: Storage;
  calendar: WorkingDayCalendar;
  orders: () => OrderService;
  now?: () => Date;
}

export function createTicketService(deps: TicketDeps) {
  const { db, storage, calendar } = deps;
  const now = deps.now ?? (() => new Date());

  async function targets(tx: Db = db): Promise<SlaTarget[]> {
    const rows = await tx.select().from(ticketSlaTargets);
    const byType = new Map(rows.map((r) => [r.type, r]));
    return DEFAULT_SLA_TARGETS.map((d) => {
      const r = byType.get(d.type);
      return r ? { type: d.type, firstResponseWorkingDays: r.firstResponseWorkingDays, resolutionDays: r.resolutionDays, resolutionUnit: r.resolutionUnit as SlaTarget['resolutionUnit'] } : d;
    });
  }

  const clockOf = (t: TicketRow, target: SlaTarget, at: Date) =>
    ticketClock(
      {
        createdAt: t.createdAt,
        firstRespondedAt: t.firstRespondedAt,
        resolvedAt: t.resolvedAt,
        pauses: t.pauses.map((p) => ({ from: new Date(p.from), to: p.to ? new Date(p.to) : null })),
      },
      target,
      at,
      calendar,
    );

  /** The ticket the actor may see, or 404 (another account's looks missing). */
  async function visible(tx: Db, actor: Actor, id: string, forUpdate = false): Promise<TicketRow> {
    const q = tx.select().from(tickets).where(and(eq(tickets.id, id), scope(actor, tickets.accountId)));
    const [t] = forUpdate ? await q.for('update') : await q;
    if (!t) throw new AppError('TICKET_NOT_FOUND', 404);
    return t;
  }

  async function toDtos(rows: TicketRow[], actor: Actor, tx: Db = db) {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [sla, claimRows, unreadRows, people] = await Promise.all([
      targets(tx),
      tx.select().from(claims).where(inArray(claims.ticketId, ids)),
      tx
        .select({ ticketId: ticketMessages.ticketId, n: count() })
        .from(ticketMessages)
        .leftJoin(ticketReads, and(eq(ticketReads.ticketId, ticketMessages.ticketId), eq(ticketReads.userId, actor.userId)))
        .where(and(inArray(ticketMessages.ticketId, ids), or(isNull(ticketMessages.authorId), sql`${ticketMessages.authorId} <> ${actor.userId}`), or(isNull(ticketReads.readAt), sql`${ticketMessages.createdAt} > ${ticketReads.readAt}`)))
        .groupBy(ticketMessages.ticketId),
      findUsersByIds(tx, [...new Set(rows.flatMap((r) => [r.accountId, ...(r.assigneeId ? [r.assigneeId] : [])]))]),
    ]);
    const emails = new Map(people.map((u) => [u.id, u.email]));
    const claimBy = new Map(claimRows.map((c) => [c.ticketId, c]));
    const unread = new Map(unreadRows.map((u) => [u.ticketId, Number(u.n)]));
    const at = now();
    return rows.map((t) => {
      const clock = clockOf(t, sla.find((s) => s.type === t.type)!, at);
      const c = claimBy.get(t.id);
      const finished = t.status === 'resolved' || t.status === 'closed';
      return {
        id: t.id,
        code: ticketCode(t.number),
        accountId: t.accountId,
        customerEmail: emails.get(t.accountId) ?? null,
        type: t.type as TicketType,
        supportFor: t.supportFor as TicketSupportFor,
        orderId: t.orderId,
        exOrderId: t.exOrderId,
        topUpId: t.topUpId,
        subject: t.subject,
        content: t.content,
        status: t.status as TicketStatus,
        assigneeId: t.assigneeId,
        assigneeEmail: t.assigneeId ? (emails.get(t.assigneeId) ?? null) : null,
        rating: t.rating,
        ratingReason: t.ratingReason,
        unread: unread.get(t.id) ?? 0,
        sla: {
          firstResponseDueAt: t.firstRespondedAt ? null : clock.firstResponseDueAt.toISOString(),
          resolutionDueAt: finished ? null : clock.resolutionDueAt.toISOString(),
          msLeft: finished ? null : clock.msLeft,
          paused: clock.paused,
          breached: t.firstResponseBreachedAt !== null || t.resolutionBreachedAt !== null || (!finished && (clock.firstResponseBreached || clock.resolutionBreached)),
        },
        claim: c ? claimDto(c) : null,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
      };
    });
  }

  const claimDto = (c: ClaimRow) => ({
    id: c.id,
    orderId: c.orderId,
    exOrderId: c.exOrderId,
    reason: c.reason as ClaimReason,
    status: c.status as ClaimRow['status'] & ('submitted' | 'approved' | 'partial' | 'rejected'),
    proposedAmount: usd(c.proposedCents),
    capAmount: usd(c.capCents),
    approvedAmount: c.approvedCents === null ? null : usd(c.approvedCents),
    decisionReason: c.decisionReason,
    transactionId: c.transactionId,
    decidedAt: c.decidedAt?.toISOString() ?? null,
    noticeDeadline: c.noticeDeadline.toISOString(),
  });

  async function detail(tx: Db, actor: Actor, t: TicketRow): Promise<TicketDetail> {
    const [[dto], messages, files] = await Promise.all([
      toDtos([t], actor, tx),
      tx.select().from(ticketMessages).where(eq(ticketMessages.ticketId, t.id)).orderBy(ticketMessages.createdAt, ticketMessages.id),
      tx.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, t.id)).orderBy(ticketAttachments.createdAt),
    ]);
    const authors = new Map((await findUsersByIds(tx, [...new Set(messages.flatMap((m) => (m.authorId ? [m.authorId] : [])))])).map((u) => [u.id, u.email]));
    return {
      ...dto!,
      attachments: files.filter((f) => f.messageId === null).map(attachmentDto),
      messages: messages.map((m) => ({
        id: m.id,
        authorId: m.authorId,
        authorEmail: m.authorId ? (authors.get(m.authorId) ?? null) : null,
        side: m.side as 'staff' | 'seller' | 'system',
        content: m.content,
        attachments: files.filter((f) => f.messageId === m.id).map(attachmentDto),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  /** Links uploaded attachments (the actor's own, not yet used) to a ticket or a reply. */
  async function attach(tx: Db, actor: Actor, ids: string[], ticketId: string, messageId: string | null) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const linked = await tx
      .update(ticketAttachments)
      .set({ ticketId, messageId })
      .where(and(inArray(ticketAttachments.id, unique), eq(ticketAttachments.accountId, actor.accountId), isNull(ticketAttachments.ticketId)))
      .returning({ id: ticketAttachments.id });
    if (linked.length !== unique.length) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'attachmentIds', message: 'validation.ticket.attachmentUnknown' }] });
  }

  async function markRead(tx: Db, ticketId: string, userId: string, at: Date) {
    await tx.insert(ticketReads).values({ ticketId, userId, readAt: at }).onConflictDoUpdate({ target: [ticketReads.ticketId, ticketReads.userId], set: { readAt: at } });
  }

  /** The status change's bookkeeping: the pause periods and the resolution time. */
  function statusPatch(t: TicketRow, to: TicketStatus, at: Date): Partial<TicketRow> {
    const iso = at.toISOString();
    let pauses = t.pauses;
    if (to === 'pending' && t.status !== 'pending') pauses = [...pauses, { from: iso, to: null }];
    if (to !== 'pending' && t.status === 'pending') pauses = pauses.map((p) => (p.to === null ? { ...p, to: iso } : p));
    return {
      status: to,
      pauses,
      resolvedAt: to === 'resolved' ? at : to === 'closed' ? (t.resolvedAt ?? at) : null,
      closedAt: to === 'closed' ? at : null,
      updatedAt: at,
    };
  }

  const announce = (tx: Db, t: TicketRow, kind: 'reply' | 'status', side: 'staff' | 'seller' | 'system', at: Date) =>
    emit(tx, TicketChanged, { ticketId: t.id, accountId: t.accountId, code: ticketCode(t.number), subject: t.subject, kind, side, status: t.status as TicketStatus, assigneeId: t.assigneeId, at: at.toISOString() });

  async function checkClaim(tx: Db, actor: Actor, orderId: string, reason: ClaimReason, at: Date) {
    const order = await deps.orders().lockOrder(tx, orderId).catch(() => null);
    if (!order || !maySeeAccount(actor, order.accountId)) throw new AppError('ORDER_NOT_FOUND', 404);
    const history = await parcelHistoryOf(tx, orderId);
    const verdict = claimEligibility(reason, history ?? { labeledAt: null, lastEventAt: null, usArrivedAt: null, deliveredAt: null }, at, calendar);
    const { proposedCents, capCents } = claimCompensation(
      {
        shippingFeeCents: order.shippingFeeCents,
        discountCents: order.discountCents,
        taxFeeCents: order.taxFeeCents,
        seasonalFeeCents: order.seasonalFeeCents,
        overLengthFeeCents: order.overLengthFeeCents,
        signatureFeeCents: order.signatureFeeCents,
        surchargeCents: order.surchargeCents,
        totalCents: order.totalCents,
      },
      reason,
    );
    return { order, verdict, proposedCents, capCents };
  }

  return {
    targets,
    /** Saves the listed types' targets together (all or none); the overdue job reads them on its next run. */
    async updateTargets(list: SlaTarget[]) {
      return db.transaction(async (tx) => {
        for (const t of list) {
          await tx
            .insert(ticketSlaTargets)
            .values({ ...t, updatedAt: now() })
            .onConflictDoUpdate({ target: ticketSlaTargets.type, set: { firstResponseWorkingDays: t.firstResponseWorkingDays, resolutionDays: t.resolutionDays, resolutionUnit: t.resolutionUnit, updatedAt: now() } });
        }
        return targets(tx);
      });
    },

    async list(
      actor: Actor,
      q: { pageIndex: number; pageSize: number; tab: 'all' | TicketStatus; search?: string; startDate?: string; endDate?: string; supportFor?: TicketSupportFor; subject?: TicketType },
    ) {
      // SPEC §9: the list opens on the last 30 days.
      const from = q.startDate ? dateFilterBound(q.startDate, 'from') : now().getTime() - TICKET_LIMITS.defaultRangeDays * DAY;
      const to = q.endDate ? dateFilterBound(q.endDate, 'to') : null;
      const search = q.search?.trim();
      const where: (SQL | undefined)[] = [
        scope(actor, tickets.accountId),
        from !== null ? gte(tickets.createdAt, new Date(from)) : undefined,
        to !== null ? lte(tickets.createdAt, new Date(to)) : undefined,
        q.supportFor ? eq(tickets.supportFor, q.supportFor) : undefined,
        q.subject ? eq(tickets.type, q.subject) : undefined,
        search
          ? or(ilike(tickets.subject, `%${search.replace(/[%_\\]/g, '\\$&')}%`), ilike(tickets.exOrderId, `%${search.replace(/[%_\\]/g, '\\$&')}%`), sql`'TK-' || lpad(${tickets.number}::text, 6, '0') ilike ${`%${search}%`}`)
          : undefined,
      ];
      const base = and(...where);
      const filtered = and(base, q.tab === 'all' ? undefined : eq(tickets.status, q.tab));
      const [rows, [total], byStatus] = await Promise.all([
        db.select().from(tickets).where(filtered).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize),
        db.select({ n: count() }).from(tickets).where(filtered),
        db.select({ status: tickets.status, n: count() }).from(tickets).where(base).groupBy(tickets.status),
      ]);
      const counts: Record<string, number> = { all: 0 };
      for (const r of byStatus) {
        counts[r.status] = Number(r.n);
        counts.all! += Number(r.n);
      }
      return { items: await toDtos(rows, actor), total: Number(total?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize, counts };
    },

    async get(actor: Actor, id: string) {
      const t = await visible(db, actor, id);
      await markRead(db, t.id, actor.userId, now());
      return detail(db, actor, t);
    },

    /** One attachment: an image (re-encoded, pixels only) or a PDF, recognised by its bytes. */
    async upload(actor: Actor, upload: Upload) {
      let data = upload.data;
      let contentType: string;
      let ext: string;
      if (data.subarray(0, 5).equals(PDF_MAGIC)) {
        contentType = 'application/pdf';
        ext = 'pdf';
      } else {
        const image = await reencodeImage(upload).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'FILE_TYPE_NOT_ALLOWED') throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'file', message: 'validation.ticket.fileType' }] });
          throw err;
        });
        data = image.data;
        contentType = IMAGE_CONTENT_TYPES[image.type];
        ext = image.type;
      }
      const key = newStorageKey(`tickets/${actor.accountId}`, ext);
      await putAccountFile(db, storage, { key, accountId: actor.accountId, kind: 'ticket', data });
      const fileName = upload.fileName.replace(/[^\w. -]/g, '_').slice(0, 120) || `attachment.${ext}`;
      const [a] = await db.insert(ticketAttachments).values({ accountId: actor.accountId, uploadedBy: actor.userId, storageKey: key, fileName, contentType, sizeBytes: data.length }).returning();
      return attachmentDto(a!);
    },

    /** The bytes of an attachment: the uploader's account, or anyone who may see its ticket. */
    async attachment(actor: Actor, id: string) {
      const [a] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.id, id));
      if (!a) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND', 404);
      let allowed = a.accountId === actor.accountId;
      if (!allowed && a.ticketId) {
        const [t] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, a.ticketId), scope(actor, tickets.accountId)));
        allowed = t !== undefined;
      }
      if (!allowed) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND', 404);
      const data = await storage.get(a.storageKey);
      if (!data) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND', 404);
      return { data, contentType: a.contentType, fileName: a.fileName };
    },

    async eligibility(actor: Actor, orderId: string, reason: ClaimReason) {
      return db.transaction(async (tx) => {
        const { verdict, proposedCents, capCents } = await checkClaim(tx, actor, orderId, reason, now());
        return {
          eligible: verdict.eligible,
          message: verdict.eligible ? null : verdict.message,
          vars: verdict.eligible ? {} : verdict.vars,
          deadline: verdict.deadline ? verdict.deadline.toISOString() : null,
          proposedAmount: usd(proposedCents),
          capAmount: usd(capCents),
        };
      });
    },

    /** `actor.timeZone` shows a refusal's dates as days in the caller's zone. */
    async create(
      actor: Actor & { timeZone?: string },
      body: { type: TicketType; subject: string; content: string; orderId?: string; topUpId?: string; claimReason?: ClaimReason; attachmentIds: string[]; customerId?: string },
    ) {
      // Staff acting for customers open it in the named seller's account; a seller always in its own.
      let accountId = actor.accountId;
      if (body.customerId && actsForAnyAccount(actor)) {
        const principal = await loadPrincipal(db, body.customerId);
        if (!principal || !principal.seller) throw new AppError('CUSTOMER_NOT_FOUND', 404, { errors: [{ field: 'customerId', message: 'error.CUSTOMER_NOT_FOUND' }] });
        accountId = principal.user.accountId;
      }
      if (body.type === 'claim' && !body.orderId) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'orderId', message: 'validation.ticket.orderRequired' }] });
      if (body.type === 'claim' && !body.claimReason) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'claimReason', message: 'validation.ticket.claimReasonRequired' }] });
      const at = now();
      const t = await db.transaction(async (tx) => {
        let exOrderId: string | null = null;
        let claim: { verdict: ReturnType<typeof claimEligibility>; proposedCents: number; capCents: number } | null = null;
        if (body.orderId) {
          if (body.type === 'claim') {
            const checked = await checkClaim(tx, actor, body.orderId, body.claimReason!, at);
            if (!checked.verdict.eligible) {
              throw new AppError('CLAIM_NOT_ELIGIBLE', 422, { errors: [{ field: 'claimReason', message: checked.verdict.message, vars: dayVars(checked.verdict.vars, validOffset(actor.timeZone, '+07:00')) }] });
            }
            if (checked.order.accountId !== accountId) throw new AppError('ORDER_NOT_FOUND', 404);
            exOrderId = checked.order.exOrderId;
            claim = checked;
          } else {
            const order = await deps.orders().lockOrder(tx, body.orderId).catch(() => null);
            if (!order || order.accountId !== accountId) throw new AppError('ORDER_NOT_FOUND', 404);
            exOrderId = order.exOrderId;
          }
        }
        const [row] = await tx
          .insert(tickets)
          .values({
            accountId,
            createdBy: actor.userId,
            type: body.type,
            supportFor: body.orderId ? 'order' : body.topUpId ? 'topUp' : 'none',
            orderId: body.orderId ?? null,
            exOrderId,
            topUpId: body.orderId ? null : (body.topUpId ?? null),
            subject: body.subject,
            content: body.content,
            lastMessageAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await attach(tx, actor, body.attachmentIds, row!.id, null);
        if (claim && claim.verdict.eligible) {
          const inserted = await tx
            .insert(claims)
            .values({
              ticketId: row!.id,
              accountId,
              orderId: body.orderId!,
              exOrderId: exOrderId!,
              reason: body.claimReason!,
              proposedCents: claim.proposedCents,
              capCents: claim.capCents,
              noticeDeadline: claim.verdict.deadline,
              createdAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: claims.id });
          if (inserted.length === 0) throw new AppError('CLAIM_EXISTS', 409);
        }
        await markRead(tx, row!.id, actor.userId, at);
        return row!;
      });
      return detail(db, actor, t);
    },

    async reply(actor: Actor, id: string, body: { content: string; attachmentIds: string[] }) {
      const at = now();
      const t = await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, true);
        const side = sideOf(actor, t);
        if (!actor.permissions.has(side === 'staff' ? MANAGE : CREATE)) throw new AppError('FORBIDDEN', 403);
        if (t.status === 'closed') throw new AppError('TICKET_CLOSED', 409);
        const [m] = await tx.insert(ticketMessages).values({ ticketId: t.id, accountId: t.accountId, authorId: actor.userId, side, content: body.content, createdAt: at }).returning();
        await attach(tx, actor, body.attachmentIds, t.id, m!.id);
        const to = statusAfterReply(t.status as TicketStatus, side, t.firstRespondedAt !== null);
        const [u] = await tx
          .update(tickets)
          .set({ ...(to !== t.status ? statusPatch(t, to, at) : {}), lastMessageAt: at, updatedAt: at, ...(side === 'staff' && !t.firstRespondedAt ? { firstRespondedAt: at } : {}) })
          .where(eq(tickets.id, t.id))
          .returning();
        await markRead(tx, t.id, actor.userId, at);
        await announce(tx, u!, 'reply', side, at);
        return u!;
      });
      return detail(db, actor, t);
    },

    /** Staff change a status (SPEC §4). A seller holds no EX-TICKET-MANAGE and never gets here. */
    async changeStatus(actor: Actor, id: string, to: TicketStatus) {
      const at = now();
      const t = await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, true);
        if (sideOf(actor, t) !== 'staff') throw new AppError('FORBIDDEN', 403);
        if (!mayStaffMoveTicket(t.status as TicketStatus, to)) throw new AppError('TICKET_STATUS_NOT_ALLOWED', 409, { vars: { from: t.status, to } });
        const [u] = await tx.update(tickets).set(statusPatch(t, to, at)).where(eq(tickets.id, t.id)).returning();
        await announce(tx, u!, 'status', 'staff', at);
        return u!;
      });
      return detail(db, actor, t);
    },

    async assign(actor: Actor, id: string, assigneeId: string | null) {
      if (assigneeId) {
        const staff = await activeUsersWithPermission(db, MANAGE);
        if (!staff.some((u) => u.id === assigneeId)) throw new AppError('TICKET_ASSIGNEE_INVALID', 422, { errors: [{ field: 'assigneeId', message: 'error.TICKET_ASSIGNEE_INVALID' }] });
      }
      const t = await visible(db, actor, id);
      if (sideOf(actor, t) !== 'staff') throw new AppError('FORBIDDEN', 403);
      const [u] = await db.update(tickets).set({ assigneeId, updatedAt: now() }).where(eq(tickets.id, id)).returning();
      return detail(db, actor, u!);
    },

    async rate(actor: Actor, id: string, rating: number, reason: string) {
      const t = await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, true);
        if (sideOf(actor, t) !== 'seller') throw new AppError('FORBIDDEN', 403);
        if (!(t.status === 'resolved' || t.status === 'closed') || t.rating !== null) throw new AppError('TICKET_NOT_RATABLE', 409);
        const [u] = await tx.update(tickets).set({ rating, ratingReason: reason || null, updatedAt: now() }).where(eq(tickets.id, id)).returning();
        return u!;
      });
      return detail(db, actor, t);
    },

    /**
     * Staff approve (the proposal, or a partial amount below it with a reason) or reject a claim.
     * The claim row is locked while `submitted`: of two approvals at once the second finds it decided
     * (409), so the wallet is paid once, in the same transaction as the decision.
     */
    async decideClaim(actor: Actor, id: string, body: { decision: 'approve' | 'partial' | 'reject'; amount?: number; reason: string }) {
      const at = now();
      const t = await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id);
        if (sideOf(actor, t) !== 'staff') throw new AppError('FORBIDDEN', 403);
        const [any] = await tx.select({ id: claims.id }).from(claims).where(eq(claims.ticketId, t.id));
        if (!any) throw new AppError('CLAIM_NOT_FOUND', 404);
        const [c] = await tx.select().from(claims).where(and(eq(claims.ticketId, t.id), eq(claims.status, 'submitted'))).for('update');
        if (!c) throw new AppError('CLAIM_ALREADY_DECIDED', 409);
        const reason = body.reason.trim();
        if (body.decision !== 'approve' && !reason) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'reason', message: 'validation.claim.reasonRequired' }] });
        let amountCents = 0;
        if (body.decision === 'approve') amountCents = c.proposedCents;
        if (body.decision === 'partial') {
          if (body.amount === undefined) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: 'validation.claim.amountRequired' }] });
          amountCents = Math.round(body.amount * 100);
          if (amountCents > c.capCents) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: 'validation.claim.amountAboveCap', vars: { max: money(c.capCents) } }] });
          if (amountCents >= c.proposedCents) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: 'validation.claim.amountAboveProposal', vars: { max: money(c.proposedCents) } }] });
        }
        if (body.decision !== 'reject' && amountCents <= 0) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: 'validation.claim.amountMin' }] });
        let transactionId: string | null = null;
        if (body.decision !== 'reject') {
          const paid = await creditWallet(tx, 'compensation', { accountId: c.accountId, amountCents, actorId: actor.userId, ...walletNote('claimCompensation', { order: c.exOrderId, ticket: ticketCode(t.number) }) });
          transactionId = paid.transactionId;
        }
        await tx
          .update(claims)
          .set({
            status: body.decision === 'approve' ? 'approved' : body.decision === 'partial' ? 'partial' : 'rejected',
            approvedCents: body.decision === 'reject' ? null : amountCents,
            decisionReason: reason || null,
            transactionId,
            decidedBy: actor.userId,
            decidedAt: at,
          })
          .where(eq(claims.id, c.id));
        const text =
          body.decision === 'reject'
            ? `Claim rejected: ${reason}`
            : `Claim ${body.decision === 'approve' ? 'approved' : 'partly approved'}: ${money(amountCents)} paid to the wallet.${reason ? ` ${reason}` : ''}`;
        await tx.insert(ticketMessages).values({ ticketId: t.id, accountId: t.accountId, authorId: actor.userId, side: 'system', content: text.slice(0, TICKET_LIMITS.contentMax), createdAt: at });
        const patch = mayStaffMoveTicket(t.status as TicketStatus, 'resolved') ? statusPatch(t, 'resolved', at) : {};
        const [u] = await tx
          .update(tickets)
          .set({ ...patch, lastMessageAt: at, updatedAt: at, ...(t.firstRespondedAt ? {} : { firstRespondedAt: at }) })
          .where(eq(tickets.id, t.id))
          .returning();
        await announce(tx, u!, 'status', 'staff', at);
        return u!;
      });
      return detail(db, actor, t);
    },

    /** The overdue job: each missed target is recorded once and moves a running ticket to `overdue` once. */
    async markOverdue(): Promise<number> {
      const at = now();
      const sla = await targets();
      const running = await db.select().from(tickets).where(notInArray(tickets.status, ['resolved', 'closed'])).limit(5000);
      let marked = 0;
      for (const t of running) {
        const clock = clockOf(t, sla.find((s) => s.type === t.type)!, at);
        const firstMissed = clock.firstResponseBreached && !t.firstRespondedAt && t.firstResponseBreachedAt === null;
        const resolutionMissed = clock.resolutionBreached && t.resolutionBreachedAt === null;
        if (!firstMissed && !resolutionMissed) continue;
        if (t.status === 'pending' || !isTicketOverdue(t.status as TicketStatus, clock)) continue;
        const done = await db.transaction(async (tx) => {
          const [u] = await tx
            .update(tickets)
            .set({
              status: 'overdue',
              updatedAt: at,
              ...(firstMissed ? { firstResponseBreachedAt: at } : {}),
              ...(resolutionMissed ? { resolutionBreachedAt: at } : {}),
            })
            .where(
              and(
                eq(tickets.id, t.id),
                eq(tickets.status, t.status),
                firstMissed ? isNull(tickets.firstResponseBreachedAt) : undefined,
                resolutionMissed ? isNull(tickets.resolutionBreachedAt) : undefined,
              ),
            )
            .returning();
          if (u) await announce(tx, u, 'status', 'system', at);
          return u !== undefined;
        });
        if (done) marked++;
      }
      return marked;
    },

    /** The auto-close job: a resolved ticket without a reply for 7 days is closed. */
    async autoClose(): Promise<number> {
      const at = now();
      const resolved = await db.select().from(tickets).where(eq(tickets.status, 'resolved')).limit(5000);
      let closed = 0;
      for (const t of resolved) {
        if (!isTicketDueToClose('resolved', t.resolvedAt, t.lastMessageAt, at, TICKET_LIMITS.autoCloseDays)) continue;
        const done = await db.transaction(async (tx) => {
          const [u] = await tx.update(tickets).set(statusPatch(t, 'closed', at)).where(and(eq(tickets.id, t.id), eq(tickets.status, 'resolved'))).returning();
          if (u) await announce(tx, u, 'status', 'system', at);
          return u !== undefined;
        });
        if (done) closed++;
      }
      return closed;
    },

    /** Breaches per ticket type among the tickets opened in a period. */
    async slaReport(actor: Actor, q: { startDate?: string; endDate?: string }) {
      const from = q.startDate ? dateFilterBound(q.startDate, 'from') : null;
      const to = q.endDate ? dateFilterBound(q.endDate, 'to') : null;
      const rows = await db
        .select({
          type: tickets.type,
          tickets: count(),
          firstResponseBreaches: sql<number>`count(${tickets.firstResponseBreachedAt})::int`,
          resolutionBreaches: sql<number>`count(${tickets.resolutionBreachedAt})::int`,
        })
        .from(tickets)
        .where(and(scope(actor, tickets.accountId), from !== null ? gte(tickets.createdAt, new Date(from)) : undefined, to !== null ? lte(tickets.createdAt, new Date(to)) : undefined))
        .groupBy(tickets.type);
      return rows.map((r) => ({ type: r.type as TicketType, tickets: Number(r.tickets), firstResponseBreaches: Number(r.firstResponseBreaches), resolutionBreaches: Number(r.resolutionBreaches) }));
    },

    actsForAnyAccount,
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
