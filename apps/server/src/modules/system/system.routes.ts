import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { okEnvelope } from '@exship/contracts';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/http';
import { mailOutbox } from '../../platform/platform.tables';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const systemRoutes =
  (database: Database, opts: { e2e: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      // Documented in OpenAPI but serialized without re-validation: this path is probed at high rates.
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: okEnvelope(HealthSchema) } }, serializerCompiler: () => (data) => JSON.stringify(data) },
      async (req) => ok(req, { status: 'ok' as const, database: database.kind }),
    );

    if (opts.e2e) {
      // End-to-end suite only (E2E=1): read the mail a browser journey triggered.
      app.get(
        '/test/outbox',
        { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ to: z.string().min(3) }) } },
        async (req) => {
          const rows = await database.db
            .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
            .from(mailOutbox)
            .where(eq(mailOutbox.toAddress, req.query.to.toLowerCase()))
            .orderBy(desc(mailOutbox.createdAt))
            .limit(20);
          return ok(req, rows);
        },
      );
    }
  };
