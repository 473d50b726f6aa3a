import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@exship/contracts';
import type { AppContext } from './context';
import { registerModules } from './modules';
import { mountFakeWalmart } from './modules/walmart';
import { registerActivityLog } from './platform/activity';
import { registerAuthPlatform } from './platform/auth';
import { registerEncryptedReplies } from './platform/encrypted-replies';
import { endpointSchemaTransform, endpointSchemaTransformObject, registerEndpointRateLimits } from './platform/endpoints';
import { registerHttpPlatform, sendError } from './platform/http';
import { fastifyTrustProxy } from './platform/config';
import { runSeed } from './platform/seed';

/**
 * Builds the HTTP app without listening, so tests drive it with inject(): platform plugins,
 * then the modules of modules.ts, then the web app with history fallback.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // A malformed URL (bad percent-encoding) or an over-long path parameter is the caller's error:
    // the same envelope as any invalid input, not the framework's own reply.
    frameworkErrors: (_err, req, reply) => sendError(req, reply, 400, 'VALIDATION_FAILED', [{ field: 'url', message: 'validation.invalid' }]),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The built-in fake Walmart (dev and demo, WALMART_FAKE): first, as it speaks Walmart's protocol, not ours.
  mountFakeWalmart(app, ctx.config);
  registerHttpPlatform(app, { googleSignIn: !!ctx.config.google });
  // Only with a key: without one no hook runs (docs/encrypted-replies.md).
  if (ctx.config.responseEncryptionKey) registerEncryptedReplies(app, ctx.config.responseEncryptionKey);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Replies are `{ success, message, data }`; errors `{ success: false, code, message, errors? }`.' },
      // Paths carry the /api/v1 prefix, so the server is the origin the document is served from.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          // docs/api-keys.md: one header for both, the API key works wherever its scope allows.
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'session token or API key',
            description:
              '`Authorization: Bearer <token>`: a session token from POST /api/v1/login, or a seller\'s API key (`exs_live_…`, created on /app/integrations). A key works on the routes its scope\'s permissions open, read-only groups on calls that change nothing; it is refused on session-only operations (403 API_KEY_NOT_ALLOWED), limited per key (429 with Retry-After), and 401 once revoked or expired.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: endpointSchemaTransform,
    transformObject: endpointSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Before the modules: their routes' rate limits count in this database.
  registerEndpointRateLimits(app, ctx.database.db);
  // Before the modules too: it hooks only the routes that change something, as they are added.
  const activity = registerActivityLog(app, ctx.database);
  const { resolveSession, seeder } = await registerModules(app, ctx);
  registerAuthPlatform(app, resolveSession, { onApiKeyUse: activity.onApiKeyUse });
  app.decorate('seed', () => runSeed(ctx.database, ctx.config, seeder, ctx.log));

  const indexHtml = path.join(ctx.config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: ctx.config.webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      // A path that exists under other methods: 405 naming them, so a caller sees the path is right.
      const allow = allowedMethods(app, req.url);
      if (allow.length > 0) return sendError(req, reply.header('allow', allow.join(', ')), 405, 'METHOD_NOT_ALLOWED');
      return sendError(req, reply, 404, 'ROUTE_NOT_FOUND');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(req, reply, 404, 'ROUTE_NOT_FOUND');
    // A missing build asset is a 404, not the app shell (a stale tab after a deploy retries cleanly).
    if (req.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    // History fallback: /app/login, /policy and any /app/... load the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods a route is registered under for this URL (its query string aside). */
function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0]!;
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

declare module 'fastify' {
  interface FastifyInstance {
    seed(): Promise<void>;
  }
}
