import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptTopUpEndpoint,
  BankTransferEndpoint,
  CreateCheckoutEndpoint,
  CreateTopUpEndpoint,
  DeclineTopUpEndpoint,
  GatewayWebhookEndpoint,
  GetTopUpProofEndpoint,
  ListTopUpsEndpoint,
  OnlineTopUpEndpoint,
  TOP_UP_LIMITS,
  TOP_UP_PROOF_FIELD,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { readForm, registerUploads } from '../../platform/storage';
import type { TopUpService } from './wallet.topups';

/** SPEC §5: the proof photo is under 5 MB. */
const PROOF_MAX_BYTES = TOP_UP_LIMITS.proofMaxBytes - 1;

/** Top-up requests: the seller asks, staff review; routes are parse → call the use case. */
export const topUpRoutes =
  (topUps: TopUpService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, PROOF_MAX_BYTES);
    route(app, CreateTopUpEndpoint, async (req) => topUps.request(authOf(req), await readForm(req, TOP_UP_PROOF_FIELD, PROOF_MAX_BYTES), idempotencyKeyOf(req)));
    route(app, ListTopUpsEndpoint, (req) => topUps.list(authOf(req), req.query));
    route(app, GetTopUpProofEndpoint, async (req, reply) => {
      const proof = await topUps.proof(authOf(req), req.params.id);
      // The stored bytes were re-encoded as pixels only; the type comes from those bytes, never the upload's name.
      return reply
        .header('content-type', proof.contentType)
        .header('content-disposition', `inline; filename="proof-${req.params.id}.${proof.contentType === 'image/jpeg' ? 'jpg' : 'png'}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(proof.data);
    });
    route(app, AcceptTopUpEndpoint, (req) => topUps.accept(authOf(req), req.params.id, idempotencyKeyOf(req)));
    route(app, DeclineTopUpEndpoint, (req) => topUps.decline(authOf(req), req.params.id, req.body.reason));
    route(app, OnlineTopUpEndpoint, () => topUps.onlineTopUp());
    route(app, BankTransferEndpoint, (req) => topUps.bankTransfer(authOf(req)));
    route(app, CreateCheckoutEndpoint, (req) => topUps.checkout(authOf(req), req.body, idempotencyKeyOf(req)));
  };

/** The payment provider's webhook: public, its signature is checked over the raw bytes of the body. */
export const gatewayWebhookRoutes =
  (topUps: TopUpService): FastifyPluginAsyncZod =>
  async (app) => {
    // This plugin is encapsulated: only its route reads JSON as raw bytes.
    app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    route(app, GatewayWebhookEndpoint, (req) => topUps.webhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.headers));
  };
