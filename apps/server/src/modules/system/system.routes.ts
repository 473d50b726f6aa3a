import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { HealthEndpoint, TestOutboxEndpoint } from '@exship/contracts';
import type { Database } from '../../platform/db';
import { route } from '../../platform/endpoints';
import { mailOutbox } from '../../platform/platform.tables';

export const systemRoutes =
  (database: Database, opts: { e2e: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    // Documented in OpenAPI but written by a compiled writer without re-validation: this path is probed at high rates.
    route(app, HealthEndpoint, () => ({ status: 'ok' as const, database: database.kind }), { serializer: 'compiled' });

    if (opts.e2e) {
      // End-to-end suite only (E2E=1): read the mail a browser journey triggered.
      route(app, TestOutboxEndpoint, async (req) => {
        const rows = await database.db
          .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, req.query.to.toLowerCase()))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(20);
        return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      });
    }
  };
