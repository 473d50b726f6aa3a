import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from './payment-gateway';

// A local stand-in for the payment provider that speaks the protocol of http-gateway.ts, for tests
// and local runs: it opens checkout sessions for the holder of the secret key, and `pay(sessionId)`
// "pays" one and POSTs the signed `checkout.completed` webhook to the webhook URL.

export interface FakeProvider {
  url: string;
  /** Where webhooks go (our `/api/v1/wallet/gateway-webhook`). */
  webhookUrl: string;
  sessions: Map<string, { amountCents: number; reference: string; returnUrl: string; paid: boolean }>;
  /** Pays a session and delivers its webhook; returns what was sent and our reply's status. */
  pay(sessionId: string): Promise<{ status: number; delivery: WebhookDelivery }>;
  /** Sends a delivery again, as a provider retrying (or an attacker replaying) does. */
  deliver(delivery: WebhookDelivery): Promise<number>;
  close(): Promise<void>;
}

export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

export async function startFakeProvider(opts: { secretKey: string; webhookSecret: string; webhookUrl?: string }): Promise<FakeProvider> {
  const sessions: FakeProvider['sessions'] = new Map();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return reply(401, { error: 'invalid api key' });
        let body: { amountCents?: unknown; reference?: unknown; returnUrl?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return reply(400, { error: 'invalid json' });
        }
        if (!Number.isSafeInteger(body.amountCents) || (body.amountCents as number) <= 0) return reply(400, { error: 'amountCents' });
        const id = `cs_${crypto.randomBytes(12).toString('hex')}`;
        sessions.set(id, { amountCents: body.amountCents as number, reference: String(body.reference), returnUrl: String(body.returnUrl), paid: false });
        return reply(200, { id, url: `${fake.url}/checkout/${id}` });
      }
      return reply(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeProvider = {
    url: `http://127.0.0.1:${port}`,
    webhookUrl: opts.webhookUrl ?? '',
    sessions,
    async deliver(delivery) {
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
      await res.arrayBuffer();
      return res.status;
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.paid = true;
      const id = `evt_${crypto.randomBytes(12).toString('hex')}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({ type: 'checkout.completed', data: { sessionId, amountCents: session.amountCents, reference: session.reference } });
      const delivery = {
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(opts.webhookSecret, id, timestamp, body) },
        body,
      };
      return { status: await fake.deliver(delivery), delivery };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
  return fake;
}
