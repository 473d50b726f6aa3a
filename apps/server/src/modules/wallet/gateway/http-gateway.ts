import { AppError } from '../../../platform/errors';
import type { OutboundFetch } from '../../../platform/outbound';
import { verifySignedWebhook, type CheckoutSession, type GatewayEvent, type PaymentGateway } from './payment-gateway';

export interface HttpGatewayConfig {
  /** The provider's API base, e.g. https://api.provider.example */
  url: string;
  /** Our secret API key with the provider (sent as a bearer token). */
  secretKey: string;
  /** The secret the provider signs its webhooks with. */
  webhookSecret: string;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The payment provider over HTTP: `POST {url}/v1/checkout/sessions` with the amount in cents, the
 * account as the reference and the return URL → `{ id, url }`; the provider's webhooks are verified
 * with the webhook secret.
 */
export class HttpPaymentGateway implements PaymentGateway {
  readonly name = 'provider';

  /** `fetch` is the app's outbound client (platform/outbound.ts): public addresses only, no redirects, bounded reply. */
  constructor(
    private readonly config: HttpGatewayConfig,
    private readonly fetch: OutboundFetch,
  ) {}

  async createCheckout(amountCents: number, accountId: string, returnUrl: string): Promise<CheckoutSession> {
    let res: Response;
    try {
      res = await this.fetch(`${this.config.url.replace(/\/$/, '')}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.config.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ amountCents, currency: 'usd', reference: accountId, returnUrl }),
        timeoutMs: this.config.timeoutMs ?? 15_000,
      });
    } catch {
      throw new AppError('PAYMENT_GATEWAY_FAILED', 409);
    }
    const body = (await res.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
    if (!res.ok || typeof body?.id !== 'string' || typeof body.url !== 'string') throw new AppError('PAYMENT_GATEWAY_FAILED', 409);
    return { sessionId: body.id, url: body.url };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent {
    return verifySignedWebhook(this.config.webhookSecret, rawBody, headers, (this.config.now ?? Date.now)());
  }
}
