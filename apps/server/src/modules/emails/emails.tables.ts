import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/users.tables';

/**
 * SPEC §2 /app/setting-user/emails: the template staff saved for one mail kind in one language.
 * No row means the default of the code's catalogue (emails.catalogue.ts); a reset deletes the row.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.lang] }), check('email_templates_lang_check', sql`${t.lang} in ('en', 'vi')`)],
);
