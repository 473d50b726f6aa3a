import crypto from 'node:crypto';
import { AppError } from '../../../platform/errors';

// docs/engineering.md "External parties": a payment provider sits behind this adapter. The provider opens a
// checkout session for an amount, the payer pays on the provider's page, and the provider tells us
// with a signed webhook (money-and-security.md "Webhooks", Standard Webhooks): headers `webhook-id`,
// `webhook-timestamp`, `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** What a verified webhook says. `checkout.completed`: the session was paid. */
export interface GatewayEvent {
  /** The `webhook-id`: the same id is the same event (replays carry it again). */
  id: string;
  type: string;
  sessionId: string | null;
  amountCents: number | null;
}

export interface PaymentGateway {
  /** The name kept on the wallet transaction (`gateway`) and on the checkout row. */
  readonly name: string;
  createCheckout(amountCents: number, accountId: string, returnUrl: string): Promise<CheckoutSession>;
  /** The event of a webhook whose signature and timestamp hold; WEBHOOK_SIGNATURE_INVALID otherwise. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
}

/** Standard Webhooks: receivers refuse timestamps more than 5 minutes away. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The `v1,<base64>` signature of a webhook. */
export function signWebhook(secret: string, id: string, timestamp: number, body: Buffer | string): string {
  const mac = crypto.createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const invalid = () => new AppError('WEBHOOK_SIGNATURE_INVALID', 400);

/**
 * Checks a webhook's signature (timing-safe, any of the space-separated `v1` signatures, so keys can
 * rotate) and its timestamp (within the tolerance both ways), then parses its body.
 */
export function verifySignedWebhook(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  nowMs: number = Date.now(),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): GatewayEvent {
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !ts || !signatures || !/^\d{1,12}$/.test(ts) || id.length > 255) throw invalid();
  const timestamp = Number(ts);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) throw invalid();
  const expected = Buffer.from(signWebhook(secret, id, timestamp, rawBody));
  const matches = signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid();
  let body: { type?: unknown; data?: { sessionId?: unknown; amountCents?: unknown } };
  try {
    body = JSON.parse(rawBody.toString('utf8')) as typeof body;
  } catch {
    throw invalid();
  }
  if (!body || typeof body.type !== 'string') throw invalid();
  return {
    id,
    type: body.type,
    sessionId: typeof body.data?.sessionId === 'string' ? body.data.sessionId : null,
    amountCents: Number.isSafeInteger(body.data?.amountCents) ? (body.data!.amountCents as number) : null,
  };
}
