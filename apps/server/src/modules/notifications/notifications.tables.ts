import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES, NOTIFICATION_TARGETS } from '@exship/contracts';
import { enumCheck } from '../../platform/db-checks';
import { users } from '../users/users.tables';

/**
 * SPEC §3 admin side: a notification staff write once (name, code, type, channel, target, publish
 * time) and the job publishes to its target at publish time (§4 waiting → sent).
 */
export const notificationCampaigns = pgTable(
  'notification_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    users: uuid('users').array().notNull().default(sql`'{}'::uuid[]`),
    titleEn: text('title_en').notNull(),
    titleVi: text('title_vi').notNull(),
    contentEn: text('content_en').notNull(),
    contentVi: text('content_vi').notNull(),
    url: text('url'),
    iconUrl: text('icon_url'),
    imageUrl: text('image_url'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('waiting'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_campaigns_code_uq').on(t.code),
    index('notification_campaigns_due_idx').on(t.publishAt).where(sql`${t.status} = 'waiting'`),
    enumCheck('notification_campaigns_status_ck', t.status, NOTIFICATION_STATUSES),
    enumCheck('notification_campaigns_channel_ck', t.channel, NOTIFICATION_CHANNELS),
    enumCheck('notification_campaigns_target_ck', t.target, NOTIFICATION_TARGETS),
  ],
);

/**
 * SPEC §3 Notification, one row per recipient: title and content in each language, written when
 * the event happens, so a later change of notification language applies to old ones too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What raised it, e.g. product.accepted, or campaign for one staff wrote. */
    kind: text('kind').notNull(),
    campaignId: uuid('campaign_id').references(() => notificationCampaigns.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleVi: text('title_vi').notNull(),
    contentEn: text('content_en').notNull(),
    contentVi: text('content_vi').notNull(),
    iconUrl: text('icon_url'),
    imageUrl: text('image_url'),
    url: text('url'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`),
    // Publishing twice (a retried job, two processes) cannot tell a user twice.
    uniqueIndex('notifications_campaign_user_uq').on(t.campaignId, t.userId).where(sql`${t.campaignId} is not null`),
  ],
);
