import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { RATE_LIMITS } from './limits';
import { dateFilterField, idField, multilineTextField, pageField, textField, withDateRange } from './fields';
import { TOP_UP_LIMITS, TOP_UP_PROOF_FIELD, TOP_UP_STATUSES, TopUpRequestSchema, topUpAmountField } from './wallet.topups';

// Top-ups: a seller asks for a top-up by bank transfer with a proof photo; staff accept
// (the wallet is credited once) or decline with a reason. A payment provider's checkout credits the
// wallet through a signed webhook. Keep zod calls inside the descriptors and schema factories: the
// web build keeps them as types only.

const tags = ['wallet'];

export const CreateTopUpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wallet/top-up-requests',
  access: 'EX-TOPUP-CREATE',
  summary: 'Ask for a top-up by bank transfer',
  description:
    'multipart/form-data: `amount` (USD, at least 50 and below 9,999,999, 2 decimals), `note` (≤ 255 characters) and the proof photo `proof` (JPG or PNG by its bytes, under 5 MB). Staff review it; the wallet is credited when it is accepted. Takes an `Idempotency-Key` header.',
  operationId: 'createTopUpRequest',
  tags,
  body: z.object({ amount: topUpAmountField(), note: multilineTextField().max(TOP_UP_LIMITS.noteMax, 'validation.note.max').default('') }),
  multipart: { field: TOP_UP_PROOF_FIELD, description: 'The proof of the bank transfer: a JPG or PNG photo under 5 MB', accept: ['image/jpeg', 'image/png'] },
  reply: TopUpRequestSchema(),
  status: 201,
  message: 'topUp.requested',
  errors: [409, 413, 422, 429],
  rateLimit: RATE_LIMITS.topUpRequest,
});

export const ListTopUpsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wallet/top-up-requests',
  access: 'EX_VIEW_TOP_UPS',
  summary: 'Top-up requests',
  description: 'Newest first. A seller sees its own account\'s; staff see every account\'s, or the one customer named.',
  operationId: 'listTopUpRequests',
  tags,
  query: withDateRange(
    z.object({
      page: pageField(),
      pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(10),
      status: z.enum(['all', ...TOP_UP_STATUSES]).default('all'),
      customerId: idField().optional(),
      dateFrom: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
      dateTo: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
    }),
    'dateFrom',
    'dateTo',
  ),
  reply: z.object({
    items: z.array(TopUpRequestSchema()),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    pending: z.number(),
  }),
});

export const GetTopUpProofEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wallet/top-up-requests/:id/proof',
  access: 'EX_VIEW_TOP_UPS',
  summary: 'The proof photo of a top-up request (its owner and staff only)',
  operationId: 'getTopUpProof',
  tags,
  params: z.object({ id: idField() }),
  reply: { binary: 'image/*', description: 'The photo (jpeg or png)' },
  errors: [404],
});

export const AcceptTopUpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wallet/top-up-requests/:id/accept',
  access: 'EX-TOPUP-APPROVE',
  summary: 'Accept a top-up request: the wallet is credited once',
  description: 'Only a pending request; two staff accepting at once credit it once (409 for the second). Takes an `Idempotency-Key` header.',
  operationId: 'acceptTopUpRequest',
  tags,
  params: z.object({ id: idField() }),
  reply: TopUpRequestSchema().extend({ balanceAfter: z.number() }),
  message: 'topUp.accepted',
  errors: [404, 409, 422],
  rateLimit: RATE_LIMITS.staffMoney,
});

export const DeclineTopUpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wallet/top-up-requests/:id/decline',
  access: 'EX-TOPUP-APPROVE',
  summary: 'Decline a top-up request with a reason',
  operationId: 'declineTopUpRequest',
  tags,
  params: z.object({ id: idField() }),
  body: z.object({ reason: multilineTextField().trim().min(1, 'validation.required').max(TOP_UP_LIMITS.reasonMax, 'validation.note.max') }),
  reply: TopUpRequestSchema(),
  message: 'topUp.declined',
  errors: [404, 409],
});

// ---------- payment provider (checkout session → signed webhook → credit once) ----------

/** Whether the wallet screen offers "Top up online": a payment provider is configured. */
export const BankTransferEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wallet/bank-transfer',
  access: 'EX-TOPUP-CREATE',
  summary: 'Where to transfer a top-up: the bank account, and the reference to write in the transfer',
  description: '`available` is false when no bank account is configured; `reference` is the account email staff match the transfer by.',
  operationId: 'getBankTransfer',
  tags,
  reply: z.object({ available: z.boolean(), bankName: z.string(), accountName: z.string(), accountNumber: z.string(), details: z.string(), reference: z.string() }),
});

export const OnlineTopUpEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wallet/online-top-up',
  access: 'EX-TOPUP-CREATE',
  summary: 'Whether online top-up through the payment provider is available',
  description: '`available` is true when a payment provider is configured; then `POST /wallet/checkout-sessions` opens a checkout.',
  operationId: 'getOnlineTopUp',
  tags,
  reply: z.object({ available: z.boolean() }),
});

export const CreateCheckoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wallet/checkout-sessions',
  access: 'EX-TOPUP-CREATE',
  summary: 'Top up through the payment provider: open a checkout session',
  description: 'Answers the provider\'s checkout URL; the wallet is credited when the provider\'s signed webhook says it was paid. `returnUrl` must be an http(s) address of this site (400 otherwise). 409 PAYMENT_GATEWAY_OFF when no provider is configured. Takes an `Idempotency-Key` header.',
  operationId: 'createCheckoutSession',
  tags,
  // http(s) only here; the server also requires this site's own origin (APP_URL).
  body: z.object({ amount: topUpAmountField(), returnUrl: textField().max(500, 'validation.url.invalid').regex(/^https?:\/\/[^\s/?#]+\S*$/i, 'validation.url.invalid').optional() }),
  reply: z.object({ sessionId: z.string(), url: z.string() }),
  status: 201,
  errors: [409, 422],
  rateLimit: RATE_LIMITS.topUpRequest,
});

export const GatewayWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wallet/gateway-webhook',
  access: 'public',
  summary: 'The payment provider\'s signed webhook',
  description:
    'Headers `webhook-id`, `webhook-timestamp` (within 5 minutes) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`). A paid checkout credits the wallet once; a replay changes nothing; a bad signature is 400 WEBHOOK_SIGNATURE_INVALID.',
  operationId: 'paymentGatewayWebhook',
  tags,
  reply: z.object({ received: z.boolean(), credited: z.boolean() }),
  errors: [404],
});
