import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a freshly migrated PGlite data dir (harness.ts copies it for each file). */
    pgliteMigratedDataDir?: string;
  }
}

/**
 * Initialising a PGlite cluster and migrating it costs seconds of CPU: it is done once for the run,
 * here, instead of once in every worker. With TEST_DATABASE_URL each file gets a PostgreSQL
 * database instead, and nothing is built.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    fs.writeFileSync(file, new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteMigratedDataDir', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
