import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@exship.local', password: 'Admin#Passw0rd!' };
export const SELLER = { email: 'seller@exship.local', password: 'Seller#Passw0rd!' };

export async function login(page: Page, who: { email: string; password: string }) {
  await page.goto('/app/login?lang=en');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Polls the E2E-only outbox until a mail to `to` matches, with a deadline (no sleeps). */
export async function waitForMail(request: APIRequestContext, to: string, match: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/test/outbox?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return false;
        const body = (await res.json()) as { data?: OutboxMail[] };
        found = body.data?.find((m) => match.test(m.text));
        return !!found;
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${match}` },
    )
    .toBe(true);
  return found!;
}
