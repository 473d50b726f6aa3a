import { and, desc, eq, lte } from 'drizzle-orm';
import type {
  Language,
  NotificationCampaign,
  NotificationCampaignBody,
  NotificationCampaignListQuery,
} from '@exship/contracts';
import { listFilters, paginate, uniqueWrite } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { renderMail } from '../emails';
import { activeUsersFor } from '../users';
import { notificationCampaigns, notifications } from './notifications.tables';

type Row = typeof notificationCampaigns.$inferSelect;

/** Inserts a batch at a time: one statement per chunk keeps an "all users" notice quick. */
const CHUNK = 500;

function toDto(r: Row): NotificationCampaign {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    type: r.type as NotificationCampaign['type'],
    channel: r.channel as NotificationCampaign['channel'],
    target: r.target as NotificationCampaign['target'],
    roles: r.roles,
    users: r.users,
    titleEn: r.titleEn,
    titleVi: r.titleVi,
    contentEn: r.contentEn,
    contentVi: r.contentVi,
    url: r.url,
    iconUrl: r.iconUrl,
    imageUrl: r.imageUrl,
    publishAt: r.publishAt.toISOString(),
    status: r.status as NotificationCampaign['status'],
    sentAt: r.sentAt?.toISOString() ?? null,
    recipients: r.recipients,
    createdAt: r.createdAt.toISOString(),
  };
}

function values(b: NotificationCampaignBody, now: Date) {
  return {
    name: b.name,
    code: b.code,
    type: b.type,
    channel: b.channel,
    target: b.target,
    roles: b.target === 'role' ? b.roles : [],
    users: b.target === 'users' ? b.users : [],
    titleEn: b.titleEn,
    titleVi: b.titleVi,
    contentEn: b.contentEn,
    contentVi: b.contentVi,
    url: b.url ?? null,
    iconUrl: b.iconUrl ?? null,
    imageUrl: b.imageUrl ?? null,
    publishAt: b.publishAt ? new Date(b.publishAt) : now,
  };
}

const notFound = () => new AppError('NOTIFICATION_NOT_FOUND', 404);
const alreadySent = (action: string) => new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: 'sent', action } });

export function createCampaignService({ db, mailer, appUrl }: { db: Db; mailer: Mailer; appUrl: string }) {
  async function find(id: string): Promise<Row> {
    const [r] = await db.select().from(notificationCampaigns).where(eq(notificationCampaigns.id, id));
    if (!r) throw notFound();
    return r;
  }

  /**
   * Publishes one waiting notification to its target: app notifications in one transaction with
   * the status change (a row per user, never twice), or emails queued after it. Returns false when
   * it was not waiting (already sent, deleted, or taken by another process).
   */
  async function publish(id: string): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const [c] = await tx
        .select()
        .from(notificationCampaigns)
        .where(and(eq(notificationCampaigns.id, id), eq(notificationCampaigns.status, 'waiting')))
        .for('update', { skipLocked: true });
      if (!c) return null;
      const to = await activeUsersFor(tx, { target: c.target as 'all', roles: c.roles, users: c.users });
      if (c.channel === 'noti') {
        for (let i = 0; i < to.length; i += CHUNK) {
          await tx
            .insert(notifications)
            .values(
              to.slice(i, i + CHUNK).map((u) => ({
                userId: u.id,
                campaignId: c.id,
                kind: 'campaign',
                titleEn: c.titleEn,
                titleVi: c.titleVi,
                contentEn: c.contentEn,
                contentVi: c.contentVi,
                url: c.url,
                iconUrl: c.iconUrl,
                imageUrl: c.imageUrl,
              })),
            )
            .onConflictDoNothing();
        }
      }
      await tx.update(notificationCampaigns).set({ status: 'sent', sentAt: new Date(), recipients: to.length, updatedAt: new Date() }).where(eq(notificationCampaigns.id, c.id));
      return { c, to };
    });
    if (!done) return false;
    if (done.c.channel === 'email') {
      const { c, to } = done;
      const link = c.url ? (c.url.startsWith('/') ? `${appUrl}${c.url}` : c.url) : null;
      const title = { en: c.titleEn, vi: c.titleVi };
      const content = { en: c.contentEn, vi: c.contentVi };
      for (const u of to) {
        const lang = u.language as Language;
        await mailer.send({ to: u.email, ...(await renderMail(db, 'notification', lang, { title: title[lang], content: content[lang], link: link ?? '' })) });
      }
    }
    return true;
  }

  return {
    async list(q: NotificationCampaignListQuery) {
      const where = listFilters({
        keyword: q.keyword,
        keywordColumns: [notificationCampaigns.name, notificationCampaigns.code, notificationCampaigns.titleEn, notificationCampaigns.titleVi],
        status: q.status,
        statusColumn: notificationCampaigns.status,
      });
      const page = await paginate(db, notificationCampaigns, where, { page: q.current, pageSize: q.pageSize }, (offset, limit) =>
        db.select().from(notificationCampaigns).where(where).orderBy(desc(notificationCampaigns.publishAt), desc(notificationCampaigns.id)).limit(limit).offset(offset),
      );
      return { ...page, items: page.items.map(toDto) };
    },

    /** A new notification waits for its publish time; one due now is published at once. */
    async create(body: NotificationCampaignBody, createdBy: string): Promise<NotificationCampaign> {
      const now = new Date();
      const [r] = await uniqueWrite('code', () => db.insert(notificationCampaigns).values({ ...values(body, now), createdBy }).returning());
      if (r!.publishAt <= now) await publish(r!.id);
      return toDto(await find(r!.id));
    },

    /** Only a waiting notification can change. */
    async update(id: string, body: NotificationCampaignBody): Promise<NotificationCampaign> {
      const now = new Date();
      const updated = await uniqueWrite('code', () =>
        db
          .update(notificationCampaigns)
          .set({ ...values(body, now), updatedAt: now })
          .where(and(eq(notificationCampaigns.id, id), eq(notificationCampaigns.status, 'waiting')))
          .returning(),
      );
      if (updated.length === 0) {
        await find(id);
        throw alreadySent('edit');
      }
      if (updated[0]!.publishAt <= now) await publish(id);
      return toDto(await find(id));
    },

    async remove(id: string): Promise<void> {
      const deleted = await db
        .delete(notificationCampaigns)
        .where(and(eq(notificationCampaigns.id, id), eq(notificationCampaigns.status, 'waiting')))
        .returning({ id: notificationCampaigns.id });
      if (deleted.length === 0) {
        await find(id);
        throw alreadySent('delete');
      }
    },

    /** PATCH /notifi-system/update-stt: publish a waiting notification now. */
    async publishNow(id: string): Promise<NotificationCampaign> {
      const c = await find(id);
      if (c.status !== 'waiting') throw alreadySent('publish');
      await db.update(notificationCampaigns).set({ publishAt: new Date(), updatedAt: new Date() }).where(eq(notificationCampaigns.id, id));
      await publish(id);
      return toDto(await find(id));
    },

    /** The job: every waiting notification whose time has come. Returns how many were published. */
    async publishDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: notificationCampaigns.id })
        .from(notificationCampaigns)
        .where(and(eq(notificationCampaigns.status, 'waiting'), lte(notificationCampaigns.publishAt, now)))
        .orderBy(notificationCampaigns.publishAt)
        .limit(100);
      let n = 0;
      for (const { id } of due) if (await publish(id)) n++;
      return n;
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
