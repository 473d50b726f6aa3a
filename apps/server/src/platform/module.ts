import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { EventSubscription, JobDef, JobHandler, Jobs } from './jobs';
import type { Mailer } from './mail';
import type { SessionResolver } from './auth';
import type { ImportRunner } from './imports';
import type { Outbound } from './outbound';
import type { Storage } from './storage';

/** What every module may take from the app: nothing else is shared (docs/engineering.md "Layout"). */
export interface ModuleContext {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
  /** Runs declared xlsx imports (platform/imports.ts); modules declare theirs at route registration. */
  imports: ImportRunner;
  /** The one HTTP client for calls out (platform/outbound.ts): public addresses only, unless OUTBOUND_ALLOW_HOSTS. */
  outbound: Outbound;
  log: FastifyBaseLogger;
}

/** A queue a module owns: a typed job (or a plain name), its handler, and an optional cron schedule. */
export interface JobRegistration<T = never> {
  job: JobDef<T, any> | string;
  handler: JobHandler<T>;
  cron?: string;
  description?: string;
  /** Jobs of this queue running at once in a process (default: platform/jobs.ts DEFAULT_CONCURRENCY; cron jobs 1). */
  concurrency?: number;
}
export const job = <T>(job: JobDef<T, any> | string, handler: JobHandler<T>, extra: { cron?: string; description?: string; concurrency?: number } = {}): JobRegistration<T> => ({ job, handler, ...extra });

/** Seed steps a module contributes; the app runs each phase over the modules in list order. */
export interface ModuleSeeds {
  /** True when the module holds no data yet (a fresh database). */
  isEmpty?(db: Db): Promise<boolean>;
  /** Always: catalogs that the code defines (roles, permissions). */
  catalog?(db: Db): Promise<void>;
  /** On a fresh database: the first super admin; true when created. */
  firstAdmin?(db: Db, email: string, password: () => string, mustChangePassword: boolean): Promise<boolean>;
  /** Demo data: accounts to try the product with; true when created. */
  demo?(db: Db, email: string, password: string): Promise<boolean>;
  /** Demo data that builds on earlier modules' demo data; false stops the later modules' steps. */
  demoCatalog?(adminEmail: string, sellerEmail: string): Promise<boolean>;
}

/** Gives the instance of a module declared earlier in the list (see `needs`). */
export type UseModule = <T>(module: ModuleDeclaration<T>) => T;

/**
 * One declaration per module, exported from its index.ts (docs/ARCHITECTURE.md "Modules").
 * `setup` builds the module's per-app instance (services, caches) from the context and the
 * modules it needs; everything else is derived from that instance.
 */
export interface ModuleDeclaration<S = unknown> {
  readonly name: string;
  /** Modules whose instance this one uses; they come earlier in modules.ts. */
  readonly needs?: readonly ModuleDeclaration<any>[];
  setup(ctx: ModuleContext, use: UseModule): S;
  /** HTTP plugins registered under /api/v1. */
  routes?(ctx: ModuleContext, self: S): FastifyPluginAsyncZod[];
  /** Queues and schedules this module owns. */
  jobs?(ctx: ModuleContext, self: S): JobRegistration<any>[];
  /** Handlers of events (its own or other modules'), each on its own queue. */
  events?(ctx: ModuleContext, self: S): EventSubscription<any>[];
  seeds?(ctx: ModuleContext, self: S): ModuleSeeds;
  /** The auth module answers "who holds this bearer token". */
  sessions?(self: S): SessionResolver;
  /**
   * Bearer tokens that start with `prefix` are this module's (API keys), resolved by it instead of
   * the sessions; a string check per request, so session requests pay nothing more.
   */
  credentials?(self: S): { prefix: string; resolve: SessionResolver };
}

export const defineModule = <S>(declaration: ModuleDeclaration<S>): ModuleDeclaration<S> => declaration;
