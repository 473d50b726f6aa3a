import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { Jobs, type JobsOptions } from './platform/jobs';
import { Mailer } from './platform/mail';

/** Everything the modules share: configuration, database, job engine, mailer, logger. */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export async function createContext(config: Config, opts: { jobs?: JobsOptions; log?: FastifyBaseLogger; database?: Database } = {}): Promise<AppContext> {
  const log = opts.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const jobs = new Jobs(database, log, opts.jobs);
  const mailer = new Mailer(database.db, jobs, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  return { config, database, jobs, mailer, log };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  ctx.mailer.close();
  await ctx.database.close();
}
