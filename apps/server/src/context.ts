import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from './platform/config';
import { loggableError, openDatabase, type Database } from './platform/db';
import { ImportRunner } from './platform/imports';
import { Jobs, type JobsOptions } from './platform/jobs';
import { Mailer } from './platform/mail';
import type { ModuleContext } from './platform/module';
import { createOutbound } from './platform/outbound';
import { openStorage, type Storage } from './platform/storage';

/** Everything the modules share: configuration, database, job engine, mailer, file storage, the outbound HTTP client, logger. */
export type AppContext = ModuleContext;

export async function createContext(
  config: Config,
  opts: { jobs?: JobsOptions; log?: FastifyBaseLogger; database?: Database; storage?: Storage } = {},
): Promise<AppContext> {
  // Every logged `err` passes loggableError: a failed statement is logged without its parameters.
  const log = opts.log ?? (pino({ level: config.logLevel, serializers: { err: (e: unknown) => pino.stdSerializers.err(loggableError(e) as Error) } }) as unknown as FastifyBaseLogger);
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const jobs = new Jobs(database, log, opts.jobs);
  const mailer = new Mailer(database.db, jobs, log, { smtpUrl: config.smtpUrl, from: config.mailFrom, production: config.production });
  const storage = opts.storage ?? openStorage(config);
  // A wrong bucket or credentials stop the start, not the first seller's upload.
  if (!opts.storage && storage.check) {
    await storage.check().catch((err: unknown) => {
      throw new ConfigError(`STORAGE_URL: the bucket cannot be used (${(err as Error).name}: ${(err as Error).message})`);
    });
  }
  const imports = new ImportRunner(database.db, storage, log);
  return { config, database, jobs, mailer, storage, imports, outbound: createOutbound(config), log };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  ctx.mailer.close();
  ctx.storage.close?.();
  await ctx.database.close();
}
