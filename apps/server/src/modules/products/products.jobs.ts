import { and, eq, lt, sql } from 'drizzle-orm';
import { UPLOAD_LIMITS } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { job } from '../../platform/module';
import { storedFiles } from '../../platform/platform.tables';
import { deleteAccountFiles, type Storage } from '../../platform/storage';
import { MOCKUP_URL_PREFIX } from './products.service';
import { productVariants } from './products.tables';

/**
 * A mockup no variant references (never saved, or replaced) is removed once it is
 * older than UPLOAD_LIMITS.orphanAfterHours, so abandoned uploads do not pile up against a quota.
 * A soft-deleted variant still references its file (the product can come back in history views).
 */
export async function removeOrphanMockups(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_LIMITS.orphanAfterHours * 3_600_000);
  const orphans = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.kind, 'mockup'),
        lt(storedFiles.createdAt, before),
        sql`not exists (select 1 from ${productVariants} where ${productVariants.mockupImageUrl} = ${MOCKUP_URL_PREFIX} || ${storedFiles.key})`,
      ),
    );
  await deleteAccountFiles(
    db,
    storage,
    orphans.map((o) => o.key),
  );
  return orphans.length;
}

export const productJobs = (db: Db, storage: Storage) => [
  job('products.remove-orphan-mockups', () => removeOrphanMockups(db, storage).then(() => undefined), {
    cron: '23 * * * *',
    description: 'Remove uploaded mockups no product references after 24 hours',
  }),
];
