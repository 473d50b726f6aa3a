import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

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
    /** What raised it, e.g. product.accepted. */
    kind: text('kind').notNull(),
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
  ],
);
