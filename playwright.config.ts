import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end journeys in the system Chromium against a real server on a fresh data dir.
// The server serves the built web app (apps/web/dist), so build it first: `npm run build -w @exship/web`.
// A random port (kept in the environment so the workers agree with the runner) lets several runs share a machine.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const PORT = Number(process.env.E2E_PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
// The config is evaluated again in every worker: only the first evaluation picks (and clears) the
// data dir, the workers inherit it through the environment and must not touch it.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `exship-e2e-${Date.now()}`);
  if (!process.env.E2E_BASE_URL) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
const dataDir = process.env.E2E_DATA_DIR;

const serverEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'SMTP_URL') serverEnv[key] = value;
// The journeys build their own network from an empty catalog (the demo network is covered by a server test).
// TRUST_PROXY=1: the journeys give each sign-in its own client address (e2e/helpers.ts nextClientIp).
// SANDBOX_CARRIER_SPEED=3600: a sandbox parcel goes from label to delivery in 100 s.
// OUTBOUND_ALLOW_HOSTS=127.0.0.1/32: the webhook journey delivers to a receiver the test starts on this machine.
Object.assign(serverEnv, { PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'test', E2E: '1', TRUST_PROXY: '1', SEED_DEMO_CATALOG: 'false', SANDBOX_CARRIER_SPEED: '3600', OUTBOUND_ALLOW_HOSTS: '127.0.0.1/32', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On CI a journey that fails is run once more; one that passes only then is listed as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // CI also writes JSON, for the closing "N passed, N failed" line of .ci/run.
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : 'list',
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npx tsx apps/server/src/main.ts',
        url: `http://127.0.0.1:${PORT}/api/v1/health`,
        env: serverEnv,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
