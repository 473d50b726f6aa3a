import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SELLER, login } from './helpers';
import { buildLane } from './lane';

// Journey (developer platform): a seller makes an API key on the integrations screen and calls the
// API with it as their own system would; registers a webhook to a receiver of theirs, pays an order
// through the API, sees the signed delivery in the endpoint's log and replays it.

const stamp = Date.now().toString(36).toUpperCase();

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine (the e2e server's OUTBOUND_ALLOW_HOSTS lets it through): records what arrives, answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/exship`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> keyed with the secret's base64 part. */
function verifies(r: Received, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

test('a seller calls the API with a key of theirs and receives a signed webhook, then replays it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const lane = await buildLane(request, 'E2EDP');
  const receiver = await startReceiver();
  try {
    await login(page, SELLER);
    await page.goto('/app/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

    // A key, shown once.
    await page.getByRole('button', { name: 'New key' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Name').fill(`Shop sync ${stamp}`);
    await create.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog').filter({ hasText: 'will not be shown again' });
    await expect(shown).toBeVisible();
    const key = (await shown.getByRole('textbox').first().inputValue()).trim();
    expect(key).toMatch(/^exs_live_[A-Za-z0-9_-]{20,}$/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByRole('cell', { name: `Shop sync ${stamp}` }).first()).toBeVisible();

    // The seller's own system calls the API with the key, as curl would.
    const call = async (method: string, path: string, data?: unknown) => {
      const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}` }, data });
      const body = await res.json();
      expect(res.status(), `${method} ${path}: ${body.message}`).toBeLessThan(300);
      return body.data;
    };
    const orders = await call('GET', '/orders');
    expect(orders).toBeTruthy();

    // A webhook to the receiver, for paid orders.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByLabel('Events').click();
    await page.locator('.ant-select-item-option[title="order.paid"]').click();
    await page.keyboard.press('Escape');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Endpoint added.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toBeVisible();

    // The signing secret, to check the signature as the receiver would.
    await row.getByRole('button', { name: 'Secret' }).click();
    const secretBox = page.getByRole('dialog').filter({ hasText: 'Signing secret' });
    const secret = (await secretBox.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await secretBox.getByRole('button', { name: 'Close' }).first().click();

    // An order made and paid through the API.
    const order = await call('POST', '/orders', {
      orderName: `E2E-HOOK-${stamp}`,
      serviceCode: lane.service,
      lengthCm: 20,
      widthCm: 15,
      heightCm: 5,
      weightGr: 500,
      recipient: { firstName: 'Jane', lastName: 'Roe', address1: '200 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
    });
    await call('POST', '/orders/pay', { orderIds: [order._id] });

    // The delivery arrives signed, naming the order.
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(order._id)).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const first = receiver.received.find((r) => r.body.includes(order._id))!;
    expect(JSON.parse(first.body).type).toBe('order.paid');
    expect(verifies(first, secret)).toBe(true);

    // The seller sees it in the log and sends it again: the same webhook-id arrives a second time.
    await row.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog').filter({ hasText: 'Deliveries to' });
    const delivery = log.getByRole('row').filter({ hasText: 'order.paid' }).first();
    await expect(delivery.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
    await delivery.getByRole('button', { name: /Replay/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Delivery queued again.')).toBeVisible();
    await expect
      .poll(() => receiver.received.filter((r) => r.headers['webhook-id'] === first.headers['webhook-id']).length, { timeout: 60_000 })
      .toBe(2);
  } finally {
    await receiver.close();
  }
});
