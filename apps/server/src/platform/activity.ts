import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '@exship/contracts';
import type { Database } from './db';
import { activityLog } from './platform.tables';

// Activity: one mechanism for every module. Before each reply leaves, a successful change
// (any method but GET/HEAD) made by a signed-in user — or a sign-in, whose route names the user it
// signed in through `req.activityUserId` — is written to activity_log, so the trail holds the change
// by the time its caller sees the answer. Reads are not logged; bodies never.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a public route that signs a user in (there is no `auth` yet). */
    activityUserId?: string;
  }
}

export function registerActivityLog(app: FastifyInstance, database: Database): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const endpoint = (req.routeOptions.config as { endpoint?: EndpointDef } | undefined)?.endpoint;
    if (!endpoint || endpoint.method === 'GET' || reply.statusCode >= 400) return payload;
    const userId = req.auth?.userId ?? req.activityUserId;
    if (!userId) return payload;
    const params = Object.fromEntries(Object.entries((req.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v).slice(0, 100)]));
    try {
      await database.db.insert(activityLog).values({
        userId,
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        method: endpoint.method,
        route: endpoint.path,
        params,
        status: reply.statusCode,
        ip: req.ip ?? '',
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      });
    } catch (err) {
      // The change itself is done and answered; a lost trail line is logged, not turned into an error.
      req.log.error({ err }, 'activity log write failed');
    }
    return payload;
  });
}
