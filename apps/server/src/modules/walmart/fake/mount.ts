import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config';
import { createFakeWalmart, type FakeWalmart } from './fake-walmart';

/** Where the fake is served on our own server (dev and demo only: WALMART_FAKE, docs/walmart.md). */
export const FAKE_WALMART_PREFIX = '/fake-walmart';

/**
 * Serves the fake Walmart (seeded with the demo client and its purchase orders) under
 * /fake-walmart when the configuration says so; before any body parsing or session check, since it
 * speaks Walmart's protocol, not ours. Returns the fake, or undefined when it is not served.
 */
export function mountFakeWalmart(app: FastifyInstance, config: Pick<Config, 'walmart'>): FakeWalmart | undefined {
  if (!config.walmart.fake) return undefined;
  const fake = createFakeWalmart({ seedDemo: true });
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url !== FAKE_WALMART_PREFIX && !req.url.startsWith(`${FAKE_WALMART_PREFIX}/`)) return done();
    reply.hijack();
    fake.handle(req.raw, reply.raw, req.url.slice(FAKE_WALMART_PREFIX.length) || '/');
  });
  return fake;
}
