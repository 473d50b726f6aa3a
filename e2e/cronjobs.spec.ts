import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, login, popupsSettled } from './helpers';

// SPEC §2 /app/setting-user/cronjob and /app/cronjob-detail/{_id}: staff open the cron job list, run
// one now, open its detail and see the run that the job engine (real workers here) recorded.

const JOB = 'jobs.purge-receipts';

test('staff run a cron job now and see its run in the detail', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/app/setting-user/cronjob');
  await expect(page.getByRole('heading', { name: 'Cron jobs' })).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: JOB }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Forget event receipts older than 30 days')).toBeVisible();
  await expect(row.getByText('At 04:23 UTC')).toBeVisible();
  await expect(row.getByRole('switch', { name: `Enabled: ${JOB}` })).toBeChecked();
  await expectAccessible(page, 'cron job list');

  await row.getByRole('button', { name: 'Run now' }).click();
  await popupsSettled(page);
  const confirm = page.getByRole('tooltip').filter({ hasText: `Run ${JOB} now?` });
  await confirm.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('The job is queued to run now.')).toBeVisible();

  await row.getByRole('link', { name: JOB }).click();
  await expect(page).toHaveURL(new RegExp(`/app/cronjob-detail/${JOB.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { name: JOB })).toBeVisible();
  // The workers pick the job up within seconds; the screen follows a queued run until it has finished.
  const runs = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Attempts' }) });
  await expect(runs.getByRole('row').filter({ hasText: 'Succeeded' }).first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'cron job detail');
});
