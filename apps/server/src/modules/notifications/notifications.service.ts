import type { WalmartAckOverdueEvent } from '../walmart';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailKind, Language, Notification, NotificationListQuery, NotificationListReply } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { ProductReviewedEvent, ProductSubmittedEvent } from '../products';
import type { TopUpReviewedEvent, TopUpSubmittedEvent } from '../wallet';
import type { ParcelFlaggedEvent } from '../shipping';
import type { TicketChangedEvent } from '../tickets';
import type { DimensionErrorFoundEvent } from '../floor';
import type { WebhookEndpointDisabledEvent } from '../webhooks';
import { renderMail } from '../emails';
import { activeAccountUsers, activeUsersWithPermission, findUsersByIds } from '../users';
import { notifications } from './notifications.tables';
import { renderNotification, type SystemNotificationKind } from './notifications.texts';

type Row = typeof notifications.$inferSelect;

/** The mail template of each notice sent by email. */
const NOTICE_MAIL = {
  'product.accepted': 'product.reviewed',
  'product.rejected': 'product.reviewed',
  'top-up.accepted': 'topup.reviewed',
  'top-up.declined': 'topup.reviewed',
  // Reviewers get no email of a submission (productSubmitted, topUpSubmitted); listed so every kind has one.
  'product.submitted': 'notification',
  'top-up.submitted': 'notification',
  // Lost and late parcels: the notice's title and text in the general notification mail.
  'parcel.lost': 'notification',
  'parcel.late': 'notification',
  'walmart.ack-overdue': 'notification',
  // A dimension error: its own template (the measured values and both prices are among its variables).
  'parcel.dimension': 'parcel.dimension',
  // A webhook endpoint disabled (HTTP 410, or failing 5 days): the general notification mail.
  'webhook.gone': 'notification',
  'webhook.failing': 'notification',
  'ticket.reply': 'notification',
  'ticket.status': 'notification',
} as const satisfies Record<SystemNotificationKind, EmailKind>;

/** Who reviews products (SPEC §4 approval). */
const PRODUCT_REVIEW_PERMISSION = 'EX-PRODUCT-APPROVE';
/** Who accepts or declines top-up requests. */
const TOP_UP_REVIEW_PERMISSION = 'EX-TOPUP-APPROVE';
/** The staff list of top-up requests (billing, top-up requests tab). */
const TOP_UP_REVIEW_URL = '/app/billing?tab=top-ups';

/** Ticket statuses in Vietnamese, for the notices' text. */
const TICKET_STATUS_VI: Record<string, string> = { open: 'mở', pending: 'chờ phản hồi', resolving: 'đang xử lý', resolved: 'đã giải quyết', closed: 'đã đóng', overdue: 'quá hạn' };

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function toDto(r: Row, lang: Language): Notification {
  return {
    id: r.id,
    title: lang === 'vi' ? r.titleVi : r.titleEn,
    content: lang === 'vi' ? r.contentVi : r.contentEn,
    iconUrl: r.iconUrl,
    imageUrl: r.imageUrl,
    url: r.url,
    createdAt: r.createdAt.toISOString(),
    seen: r.seenAt !== null,
  };
}

export interface NotificationsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export function createNotificationService({ db, mailer, appUrl }: NotificationsDeps) {
  async function unseenCount(userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)));
    return Number(row?.n ?? 0);
  }

  /** An in-app notice to every active user whose permissions hold `permission` (staff work queues). */
  async function notifyHolders(tx: Db, permission: string, kind: SystemNotificationKind, vars: Record<string, string>, url: string, at: Date): Promise<number> {
    const holders = await activeUsersWithPermission(tx, permission);
    if (holders.length === 0) return 0;
    const text = renderNotification(kind, vars);
    await tx.insert(notifications).values(
      holders.map((u) => ({ userId: u.id, kind, titleEn: text.title.en, titleVi: text.title.vi, contentEn: text.content.en, contentVi: text.content.vi, url, createdAt: at })),
    );
    return holders.length;
  }

  return {
    /**
     * Tells every active user of a seller account (owner and team), in the app and by email in
     * each user's notification language. Returns how many were told. With `tx` (an event
     * handler's transaction) the rows and the queued mails commit or roll back together.
     */
    async notifyAccount(accountId: string, kind: SystemNotificationKind, vars: Record<string, string>, url: string | null, tx: Db = db, at?: Date): Promise<number> {
      const recipients = await activeAccountUsers(tx, accountId);
      if (recipients.length === 0) return 0;
      const text = renderNotification(kind, vars);
      await tx.insert(notifications).values(
        // Dated when the event happened, not when its job ran: the list keeps the order of events.
        recipients.map((u) => ({ userId: u.id, kind, titleEn: text.title.en, titleVi: text.title.vi, contentEn: text.content.en, contentVi: text.content.vi, url, ...(at ? { createdAt: at } : {}) })),
      );
      const link = `${appUrl}${url ?? '/app/dashboard'}`;
      // The mail of each kind has its own template (SPEC §2 emails); the notice's title and text are among its variables.
      const mailKind = NOTICE_MAIL[kind];
      for (const u of recipients) {
        const lang = u.language as Language;
        const mail = await renderMail(tx, mailKind, lang, { ...vars, title: text.title[lang], content: text.content[lang], link });
        await mailer.send({ to: u.email, ...mail }, { tx });
      }
      return recipients.length;
    },

    /** SPEC §4: staff accepted or rejected a product, so its seller is told (handler of product.reviewed). */
    productReviewed(e: ProductReviewedEvent, tx: Db = db) {
      const kind = e.approvalStatus === 'accepted' ? 'product.accepted' : 'product.rejected';
      return this.notifyAccount(e.accountId, kind, { name: e.productName, reason: e.reason ?? '' }, `/app/products/${e.productId}`, tx, new Date(e.at));
    },

    /**
     * A parcel was flagged lost or late, so its seller is told (in the app and by email). A lost
     * parcel's notice opens a claim form prefilled with the order and the reason.
     */
    parcelFlagged(e: ParcelFlaggedEvent, tx: Db = db) {
      const url = e.flag === 'lost' ? `/app/ticket?claimOrder=${e.orderId}&claimReason=lost` : `/app/orders/order-detail/${e.orderId}`;
      return this.notifyAccount(e.accountId, e.flag === 'lost' ? 'parcel.lost' : 'parcel.late', { tracking: e.trackingNumber, order: e.exOrderId }, url, tx, new Date(e.at));
    },

    /**
     * A ticket got a reply or a new status. Staff's or the system's change is told to the seller's
     * account (in the app and by email, each in their language); a seller's to the assignee (in the
     * app and by email) or, with nobody assigned, to every holder of EX-TICKET-MANAGE in the app.
     */
    async ticketChanged(e: TicketChangedEvent, tx: Db = db): Promise<number> {
      const kind = e.kind === 'reply' ? 'ticket.reply' : 'ticket.status';
      const vars = { code: e.code, subject: e.subject, status: e.status, statusVi: TICKET_STATUS_VI[e.status] ?? e.status };
      const url = `/app/ticket?ticket=${e.ticketId}`;
      if (e.side !== 'seller') return this.notifyAccount(e.accountId, kind, vars, url, tx, new Date(e.at));
      if (!e.assigneeId) return notifyHolders(tx, 'EX-TICKET-MANAGE', kind, vars, url, new Date(e.at));
      const [assignee] = await findUsersByIds(tx, [e.assigneeId]);
      if (!assignee) return 0;
      const text = renderNotification(kind, vars);
      await tx.insert(notifications).values({ userId: assignee.id, kind, titleEn: text.title.en, titleVi: text.title.vi, contentEn: text.content.en, contentVi: text.content.vi, url, createdAt: new Date(e.at) });
      const lang = (assignee.language === 'vi' ? 'vi' : 'en') as Language;
      const mail = await renderMail(tx, 'notification', lang, { ...vars, title: text.title[lang], content: text.content[lang], link: `${appUrl}${url}` });
      await mailer.send({ to: assignee.email, ...mail }, { tx });
      return 1;
    },

    /** A Walmart purchase order nears its 4-hour acknowledge deadline (flagged at 3 hours): its seller is told. */
    walmartAckOverdue(e: WalmartAckOverdueEvent, tx: Db = db) {
      return this.notifyAccount(e.accountId, 'walmart.ack-overdue', { po: e.purchaseOrderId, store: e.storeName, due: `${e.ackDueAt.slice(0, 16).replace('T', ' ')} UTC` }, `/integrations/walmart?order=${e.integrationOrderId}`, tx, new Date(e.at));
    },

    /** The warehouse measured a parcel beyond the tolerance: its seller is asked to confirm the new price (in the app and by email). */
    dimensionError(e: DimensionErrorFoundEvent, tx: Db = db) {
      const usd = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);
      const vars = { order: e.exOrderId, declared: e.declared, measured: e.measured, price: usd(e.declaredPriceCents), newPrice: usd(e.measuredPriceCents), confirmBy: e.confirmBy.slice(0, 10) };
      return this.notifyAccount(e.accountId, 'parcel.dimension', vars, `/app/orders/order-detail/${e.orderId}`, tx, new Date(e.at));
    },

    /** The platform disabled a webhook endpoint (it answered 410, or failed for 5 days): its seller is told. */
    webhookDisabled(e: WebhookEndpointDisabledEvent, tx: Db = db) {
      return this.notifyAccount(e.accountId, e.reason === 'gone' ? 'webhook.gone' : 'webhook.failing', { url: e.url }, '/app/integrations?tab=webhooks', tx, new Date(e.at));
    },

    /** Staff accepted or declined a top-up request, so its seller is told (in the app and by email). */
    topUpReviewed(e: TopUpReviewedEvent, tx: Db = db) {
      const amount = usd(e.amountCents);
      const kind = e.status === 'accepted' ? 'top-up.accepted' : 'top-up.declined';
      return this.notifyAccount(e.accountId, kind, { amount, reason: e.reason ?? '' }, '/app/billing', tx, new Date(e.at));
    },

    /**
     * A seller sent a product for approval, so every active reviewer (a user holding
     * EX-PRODUCT-APPROVE) is told in the app (no email: the list is their work queue, not news).
     * Returns how many were told.
     */
    productSubmitted(e: ProductSubmittedEvent, tx: Db = db): Promise<number> {
      return notifyHolders(tx, PRODUCT_REVIEW_PERMISSION, 'product.submitted', { name: e.productName }, `/app/products/${e.productId}`, new Date(e.at));
    },

    /**
     * A seller asked for a top-up, so every active holder of EX-TOPUP-APPROVE is told in the app
     * (no email, like a product submission): a waiting request is otherwise seen only by opening the list.
     */
    async topUpSubmitted(e: TopUpSubmittedEvent, tx: Db = db): Promise<number> {
      const [owner] = await findUsersByIds(tx, [e.accountId]);
      return notifyHolders(tx, TOP_UP_REVIEW_PERMISSION, 'top-up.submitted', { customer: owner?.email ?? '', amount: usd(e.amountCents) }, TOP_UP_REVIEW_URL, new Date(e.at));
    },

    /** GET /notifi/user: newest first, in the language the caller's page speaks. */
    async listForUser(userId: string, lang: Language, q: NotificationListQuery): Promise<NotificationListReply> {
      const where = eq(notifications.userId, userId);
      const [rows, [total], unseen] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(q.pageSize)
          .offset((q.current - 1) * q.pageSize),
        db.select({ n: count() }).from(notifications).where(where),
        unseenCount(userId),
      ]);
      return { items: rows.map((r) => toDto(r, lang)), page: q.current, pageSize: q.pageSize, total: Number(total?.n ?? 0), unseen };
    },

    unseenCount,

    /** PATCH /notifi/update-seen: one of the caller's notifications, or all of them. Returns the unseen count after. */
    async markSeen(userId: string, id?: string): Promise<number> {
      const mine = eq(notifications.userId, userId);
      if (id) {
        const updated = await db
          .update(notifications)
          .set({ seenAt: sql`coalesce(${notifications.seenAt}, now())` })
          .where(and(mine, eq(notifications.id, id)))
          .returning({ id: notifications.id });
        // Another user's id looks missing, like any id that does not exist.
        if (updated.length === 0) throw new AppError('NOTIFICATION_NOT_FOUND', 404);
      } else {
        await db.update(notifications).set({ seenAt: sql`now()` }).where(and(mine, isNull(notifications.seenAt)));
      }
      return unseenCount(userId);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
