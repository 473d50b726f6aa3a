import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailKind, Language, Notification, NotificationListQuery, NotificationListReply } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { ProductReviewedEvent, ProductSubmittedEvent } from '../products';
import type { TopUpReviewedEvent } from '../wallet';
import type { ParcelFlaggedEvent } from '../shipping';
import { renderMail } from '../emails';
import { activeAccountUsers, activeUsersWithPermission } from '../users';
import { notifications } from './notifications.tables';
import { renderNotification, type SystemNotificationKind } from './notifications.texts';

type Row = typeof notifications.$inferSelect;

/** The mail template of each notice sent by email. */
const NOTICE_MAIL = {
  'product.accepted': 'product.reviewed',
  'product.rejected': 'product.reviewed',
  'top-up.accepted': 'topup.reviewed',
  'top-up.declined': 'topup.reviewed',
  // Reviewers get no email of a submission (productSubmitted); listed so every kind has one.
  'product.submitted': 'notification',
  // Lost and late parcels: the notice's title and text in the general notification mail.
  'parcel.lost': 'notification',
  'parcel.late': 'notification',
} as const satisfies Record<SystemNotificationKind, EmailKind>;

/** Who reviews products (SPEC §4 approval). */
const PRODUCT_REVIEW_PERMISSION = 'EX-PRODUCT-APPROVE';

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

    /** A parcel was flagged lost or late, so its seller is told (in the app and by email). */
    parcelFlagged(e: ParcelFlaggedEvent, tx: Db = db) {
      return this.notifyAccount(e.accountId, e.flag === 'lost' ? 'parcel.lost' : 'parcel.late', { tracking: e.trackingNumber, order: e.exOrderId }, `/app/orders/order-detail/${e.orderId}`, tx, new Date(e.at));
    },

    /** Staff accepted or declined a top-up request, so its seller is told (in the app and by email). */
    topUpReviewed(e: TopUpReviewedEvent, tx: Db = db) {
      const amount = `$${(e.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const kind = e.status === 'accepted' ? 'top-up.accepted' : 'top-up.declined';
      return this.notifyAccount(e.accountId, kind, { amount, reason: e.reason ?? '' }, '/app/billing', tx, new Date(e.at));
    },

    /**
     * A seller sent a product for approval, so every active reviewer (a user holding
     * EX-PRODUCT-APPROVE) is told in the app (no email: the list is their work queue, not news).
     * Returns how many were told.
     */
    async productSubmitted(e: ProductSubmittedEvent, tx: Db = db): Promise<number> {
      const reviewers = await activeUsersWithPermission(tx, PRODUCT_REVIEW_PERMISSION);
      if (reviewers.length === 0) return 0;
      const text = renderNotification('product.submitted', { name: e.productName });
      await tx.insert(notifications).values(
        reviewers.map((u) => ({
          userId: u.id,
          kind: 'product.submitted',
          titleEn: text.title.en,
          titleVi: text.title.vi,
          contentEn: text.content.en,
          contentVi: text.content.vi,
          url: `/app/products/${e.productId}`,
          createdAt: new Date(e.at),
        })),
      );
      return reviewers.length;
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
