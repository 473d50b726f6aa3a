// Writes the OpenAPI document the server publishes at /api/docs/json to a file, from the app built
// without listening (an in-memory database, no seed, no jobs started), so a linter can check it offline.
// Usage: tsx scripts/openapi.ts [out-file]   (default openapi.json)
import fs from 'node:fs';
import { buildApp } from '../apps/server/src/app';
import { closeContext, createContext } from '../apps/server/src/context';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';

const out = process.argv[2] ?? 'openapi.json';

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx);
  await app.ready();
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await closeContext(ctx);
  console.log(`wrote ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
