import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, expectAccessible, login, tokenOf } from './helpers';

// Journey: staff connect a carrier to the HTTP carrier plugin in the browser. The form is drawn from
// the plugin's fields (GET /carrier-plugins); the saved API key is never shown back, only "stored"
// with its last four characters, and an empty field keeps it.
const CODE = 'E2EPLG';
const KEY = 'e2e-carrier-secret-4321';

test('a carrier connection: plugin fields, the secret kept and never shown', async ({ page, request }) => {
  const token = await tokenOf(request, ADMIN);
  const carriers = await apiCall<{ items: { code: string }[] }>(request, token, 'GET', `/carriers?keyword=${CODE}`);
  if (!carriers.items.some((c) => c.code === CODE)) await apiCall(request, token, 'POST', '/carriers', { code: CODE, name: 'E2E plugin carrier' });

  await login(page, ADMIN);
  await page.goto('/app/carrier/list-carrier');
  await page.getByRole('button', { name: `Connection of ${CODE}` }).click();
  const modal = page.getByRole('dialog').filter({ hasText: `Carrier connection: ${CODE}` });
  await expect(modal.getByText('This plugin needs no settings.')).toBeVisible();
  await modal.getByText('HTTP API', { exact: true }).click();
  await modal.getByLabel('Base URL').fill('https://api.carrier.example');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('API key is required.')).toBeVisible();
  await modal.getByLabel('API key').fill(KEY);
  await expectAccessible(page, 'carrier connection form');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Carrier connection saved.').last()).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: `Connection of ${CODE}` }).click();
  const again = page.getByRole('dialog').filter({ hasText: `Carrier connection: ${CODE}` });
  await expect(again.getByLabel('Base URL')).toHaveValue('https://api.carrier.example');
  await expect(again.getByLabel('API key')).toHaveValue('');
  await expect(again.getByText('A value is stored (••••4321). Leave empty to keep it.')).toBeVisible();
  expect(await page.content()).not.toContain(KEY);
  await again.getByLabel('Timeout').fill('5000');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Carrier connection saved.').last()).toBeVisible();
  const saved = await apiCall<{ carrierCode: string; plugin: string; settings: Record<string, unknown>; secrets: Record<string, { set: boolean }> }[]>(request, token, 'GET', '/carrier-connections');
  expect(saved.find((c) => c.carrierCode === CODE)).toMatchObject({ plugin: 'http', settings: { timeoutMs: 5000 }, secrets: { apiKey: { set: true } } });
});
