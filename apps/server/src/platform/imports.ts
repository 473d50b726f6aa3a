import { and, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GetImportRunEndpoint, IMPORT_LIMITS, ImportErrorWorkbookEndpoint, errorMessageKey, isMessageKey, translate, type ErrorCode, type FieldError, type Language, type MessageKey } from '@exship/contracts';
import type { Db } from './db';
import { AppError } from './errors';
import type { AuthContext } from './http';
import { authOf } from './auth';
import { route } from './endpoints';
import { localVars, ok } from './http';
import type { Jobs } from './jobs';
import { importRuns } from './platform.tables';
import type { Storage, Upload } from './storage';
import {
  MAX_REPORTED_ERRORS,
  errorWorkbook,
  errorWorkbookFileName,
  readSheet,
  rowField,
  sendXlsx,
  type ReadStats,
  type SheetRow,
  type SheetTemplate,
} from './xlsx';

// One import pipeline. A module declares an import (template, row schema, batch checks,
// commit); the runner reads the sheet as a stream (stopping past the row limit), applies the row
// schema, runs the batch checks and the commit in ONE transaction (onlyValidate commits nothing),
// stores the error workbook through Storage and answers with a download link. Small files run
// inside the request; larger ones run as a job whose progress GET /imports/:id reports. One queued
// or running import per user. A queued or running run holds a lease in the database
// that its process renews while it works; a run whose lease ran out (its process crashed or was
// killed) is failed as IMPORT_INTERRUPTED by the next start of its user, a read of the run, or the
// imports.recover sweep every minute, which frees the user's one import slot.

export type ImportActor = Pick<AuthContext, 'userId' | 'accountId' | 'roleKind' | 'permissions'> & { timeZone?: string };

/** A sheet row with its row-schema result: `data` is null when the row has an error. */
export interface ImportRow<H extends string = string, R = Record<H, unknown>> extends SheetRow<H> {
  data: R | null;
}

export interface ImportOutcome<H extends string, R, P, C> {
  rows: ImportRow<H, R>[];
  prepared: P;
  onlyValidate: boolean;
  /** What commit returned; undefined with onlyValidate. */
  committed: C | undefined;
}

export interface ImportDefinition<H extends string = string, R = unknown, P = unknown, C = unknown, S = unknown> {
  /** Unique, stable: it travels in job payloads (`products.variants`). */
  name: string;
  /** Headers, cell kinds, dropdowns, row and size limits. */
  template: SheetTemplate<H>;
  /** Applied to each row's values (blank cells as undefined); issues become row errors naming the column. */
  rowSchema?: z.ZodType<R>;
  /** Lookups for the whole file (one query per set, never per row); pushes row errors, returns what commit needs. */
  batchChecks?: (rows: ImportRow<H, R>[], tx: Db, actor: ImportActor) => Promise<P>;
  /** Writes the valid file, in the same transaction as the checks. Never called with onlyValidate. `params`: what the caller passed to `start` beside the file. */
  commit: (rows: ImportRow<H, R>[], tx: Db, actor: ImportActor, prepared: P, file: { fileName: string; params: Record<string, string> }) => Promise<C>;
  /** Runs after the transaction committed (cache invalidation and the like); not with onlyValidate. */
  afterCommit?: (committed: C) => Promise<void>;
  /** The reply data (JSON), for inline replies and a job's result. */
  summary: (outcome: ImportOutcome<H, R, P, C>) => S;
  /** Files above this many bytes run as a job (default IMPORT_LIMITS.inlineMaxBytes). */
  inlineMaxBytes?: number;
}

/** Declares an import; the declaration is data, run by an ImportRunner. */
export function defineImport<H extends string, R, P, C, S>(def: ImportDefinition<H, R, P, C, S>): ImportDefinition<H, R, P, C, S> {
  return def;
}

type AnyImport = ImportDefinition<string, any, any, any, any>;

/** Runs a row schema; issues go on the row (one per cell, cell-level errors first). */
export function applyRowSchema<R>(row: SheetRow, schema: z.ZodType<R>): R | null {
  // Blank cells as undefined, on a copy of the row's values (not entries and fromEntries: two arrays per cell).
  const input: Record<string, unknown> = { ...row.values };
  for (const k in input) if (input[k] === null) input[k] = undefined;
  const parsed = schema.safeParse(input);
  const flagged = new Set(row.errors.map((e) => e.field));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = rowField(row.row, String(issue.path[0] ?? ''));
      if (flagged.has(field)) continue;
      flagged.add(field);
      row.errors.push({ field, message: isMessageKey(issue.message) ? issue.message : 'validation.invalid' });
    }
  }
  return parsed.success && row.errors.length === 0 ? parsed.data : null;
}

export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What GET /imports/:id answers. */
export interface ImportRunView {
  id: string;
  name: string;
  fileName: string;
  onlyValidate: boolean;
  status: ImportStatus;
  /** 0–100. */
  progress: number;
  result: unknown;
  error: { code: string; message: string; errors?: FieldError[]; details?: Record<string, unknown> } | null;
}

export type ImportStart<S> = { status: 'done'; importId: string; result: S } | { status: 'queued'; importId: string; run: ImportRunView };

interface StoredError {
  code: ErrorCode;
  status: number;
  errors?: FieldError[];
  details?: Record<string, unknown>;
  vars?: Record<string, string>;
}

interface JobPayload {
  runId: string;
  lang: Language;
  skipRows?: number[];
  params?: Record<string, string>;
  actor: Omit<ImportActor, 'permissions'> & { permissions: string[] };
}

const JOB_NAME = 'imports.run';
const PURGE_JOB = 'imports.purge';
const RECOVER_JOB = 'imports.recover';

/** `now() + n seconds` on the database's clock: every host compares leases with the same clock. */
const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
/** A run left by a version without leases counts as alive for the queued lease after its last change. */
const leaseExpired = sql`coalesce(${importRuns.leaseUntil}, ${importRuns.updatedAt} + make_interval(mins => ${IMPORT_LIMITS.queuedLeaseMinutes})) < now()`;
const ACTIVE = ['queued', 'running'];

export class ImportRunner {
  private readonly defs = new Map<string, AnyImport>();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Makes a declared import runnable (also by a job in another process); call while building the app. */
  declare(...defs: AnyImport[]): void {
    for (const def of defs) {
      const known = this.defs.get(def.name);
      if (known && known !== def) throw new Error(`import ${def.name} declared twice`);
      this.defs.set(def.name, def);
    }
  }

  // The only place that touches the job engine: easy to port to typed job definitions.
  private jobs?: Pick<Jobs, 'send'> & Partial<Pick<Jobs, 'cancel'>>;
  registerJobs(jobs: Pick<Jobs, 'register' | 'send'> & Partial<Pick<Jobs, 'cancel'>>): void {
    this.jobs = jobs;
    jobs.register<JobPayload>(JOB_NAME, (data) => this.runJob(data), { description: 'Runs a large xlsx import' });
    jobs.register(PURGE_JOB, async () => void (await this.purge()), { cron: '17 3 * * *', description: 'Removes import runs and error workbooks older than 7 days' });
    jobs.register(RECOVER_JOB, async () => void (await this.recover()), { cron: '* * * * *', description: 'Fails imports whose process stopped (lease run out), freeing their users for a new import' });
  }

  /**
   * Starts an import for the signed-in user: inline (and returns the summary) for a small file,
   * or queued as a job (and returns the run to poll). A second import while one is queued or
   * running → 409 IMPORT_ALREADY_RUNNING. Row errors → 400 IMPORT_ROWS_INVALID with a link to the
   * stored error workbook; nothing is written.
   */
  async start<H extends string, R, P, C, S>(
    def: ImportDefinition<H, R, P, C, S>,
    actor: ImportActor,
    upload: Upload,
    opts: { onlyValidate: boolean; lang: Language; skipRows?: number[]; params?: Record<string, string> },
  ): Promise<ImportStart<S>> {
    this.declare(def as AnyImport);
    const inline = upload.data.length <= (def.inlineMaxBytes ?? IMPORT_LIMITS.inlineMaxBytes) || !this.jobs;
    const runId = crypto.randomUUID();
    const uploadKey = inline ? null : `imports/${actor.accountId}/${runId}_upload.xlsx`;
    if (uploadKey) await this.storage.put(uploadKey, upload.data);
    try {
      await this.claim({ id: runId, actor, def, fileName: upload.fileName, onlyValidate: opts.onlyValidate, status: inline ? 'running' : 'queued', uploadKey });
    } catch (err) {
      if (uploadKey) await this.storage.delete(uploadKey);
      throw err;
    }

    if (!inline) {
      // Only what the checks need travels in the job (no session id): who, which account, which codes.
      const { userId, accountId, roleKind, timeZone } = actor;
      const payload: JobPayload = { runId, lang: opts.lang, skipRows: opts.skipRows, params: opts.params, actor: { userId, accountId, roleKind, timeZone, permissions: [...actor.permissions] } };
      try {
        const jobId = await this.jobs!.send(JOB_NAME, payload, { retryLimit: 0 });
        await this.db.update(importRuns).set({ jobId }).where(eq(importRuns.id, runId));
      } catch (err) {
        await this.finish(runId, { error: { code: 'INTERNAL_ERROR', status: 500 } });
        throw err;
      }
      return { status: 'queued', importId: runId, run: (await this.view(runId, opts.lang))! };
    }

    try {
      const result = (await this.holdingLease(runId, () => this.execute(def as AnyImport, runId, actor, upload, opts))) as S;
      await this.finish(runId, { result: null });
      return { status: 'done', importId: runId, result };
    } catch (err) {
      await this.finish(runId, { error: storedError(err) });
      throw err;
    }
  }

  /** Reads, checks and (without onlyValidate) commits; throws AppError on a bad file or bad rows. */
  async execute<S>(
    def: ImportDefinition<string, unknown, unknown, unknown, S> | AnyImport,
    runId: string,
    actor: ImportActor,
    upload: Upload,
    opts: { onlyValidate: boolean; lang: Language; skipRows?: number[]; params?: Record<string, string>; stats?: ReadStats; progress?: (p: number) => Promise<void> },
  ): Promise<S> {
    const progress = opts.progress ?? (async () => {});
    const sheetRows = await readSheet(upload, def.template, opts.stats);
    await progress(40);
    // SPEC §4: rows deleted in the review step are left out (and never checked).
    const skip = new Set(opts.skipRows ?? []);
    const rows = (skip.size ? sheetRows.filter((r) => !skip.has(r.row)) : sheetRows) as ImportRow<string, unknown>[];
    if (rows.length === 0) throw new AppError('IMPORT_NO_DATA', 400);
    for (const row of rows) row.data = def.rowSchema ? applyRowSchema(row, def.rowSchema) : row.errors.length ? null : row.values;

    let prepared: unknown;
    let committed: unknown;
    let invalid = false;
    // Checks and writes share one transaction: what was checked is what is written, all or nothing.
    await this.db.transaction(async (tx) => {
      prepared = def.batchChecks ? await def.batchChecks(rows, tx, actor) : undefined;
      invalid = rows.some((r) => r.errors.length > 0);
      if (invalid || opts.onlyValidate) return;
      committed = await def.commit(rows, tx, actor, prepared, { fileName: upload.fileName, params: opts.params ?? {} });
    });
    if (!invalid && !opts.onlyValidate && def.afterCommit) await def.afterCommit(committed);
    await progress(90);
    if (invalid) throw await this.rowsInvalid(def.template, runId, actor, rows, upload.fileName, opts.lang);
    return def.summary({ rows, prepared, onlyValidate: opts.onlyValidate, committed });
  }

  /** 400 IMPORT_ROWS_INVALID: the first 200 errors and a link to the stored error workbook (SPEC §8). */
  private async rowsInvalid(tpl: SheetTemplate, runId: string, actor: ImportActor, rows: SheetRow[], fileName: string, lang: Language): Promise<AppError> {
    const invalid = rows.filter((r) => r.errors.length > 0);
    const describe = (e: FieldError) => {
      const header = e.field.split('.').slice(2).join('.');
      const text = translate(lang, e.message, localVars(lang, e.vars));
      return header ? `${header}: ${text}` : text;
    };
    const data = await errorWorkbook(tpl, rows.map((r) => ({ raw: r.raw, messages: r.errors.map(describe) })), translate(lang, 'import.errorsColumn'));
    const key = `imports/${actor.accountId}/${runId}_errors.xlsx`;
    const name = errorWorkbookFileName(fileName, new Date(), actor.timeZone);
    await this.storage.put(key, data);
    await this.db.update(importRuns).set({ errorWorkbookKey: key, errorWorkbookName: name, updatedAt: new Date() }).where(eq(importRuns.id, runId));
    return new AppError('IMPORT_ROWS_INVALID', 400, {
      errors: invalid.flatMap((r) => r.errors).slice(0, MAX_REPORTED_ERRORS),
      details: {
        importId: runId,
        totalRows: rows.length,
        invalidRows: invalid.length,
        errorWorkbook: { fileName: name, url: `/api/v1/imports/${runId}/errors.xlsx` },
      },
    });
  }

  /** Inserts the run; the partial unique index refuses a second active one for the user. */
  private async claim(r: { id: string; actor: ImportActor; def: AnyImport; fileName: string; onlyValidate: boolean; status: ImportStatus; uploadKey: string | null }) {
    // A run left active by a crashed process must not block its user: recover it first.
    await this.recover({ userId: r.actor.userId });
    try {
      await this.db.insert(importRuns).values({
        id: r.id,
        userId: r.actor.userId,
        accountId: r.actor.accountId,
        name: r.def.name,
        fileName: r.fileName.slice(0, 255),
        onlyValidate: r.onlyValidate,
        status: r.status,
        progress: r.status === 'queued' ? 0 : 1,
        uploadKey: r.uploadKey,
        leaseUntil: leaseFromNow(r.status === 'queued' ? IMPORT_LIMITS.queuedLeaseMinutes * 60 : IMPORT_LIMITS.leaseSeconds),
      });
    } catch (err) {
      if (sqlState(err) === '23505') throw new AppError('IMPORT_ALREADY_RUNNING', 409);
      throw err;
    }
  }

  private async finish(runId: string, end: { result: unknown } | { error: StoredError }) {
    await this.db
      .update(importRuns)
      .set('error' in end ? { status: 'failed', error: end.error, leaseUntil: null, updatedAt: new Date() } : { status: 'succeeded', progress: 100, result: end.result, leaseUntil: null, updatedAt: new Date() })
      .where(eq(importRuns.id, runId));
  }

  /**
   * Runs `work` while renewing the run's lease every IMPORT_LIMITS.heartbeatSeconds, so other
   * processes know this one is still at it; a killed process stops renewing and the lease runs out.
   */
  private async holdingLease<T>(runId: string, work: () => Promise<T>): Promise<T> {
    let beat: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      beat = this.db
        .update(importRuns)
        .set({ leaseUntil: leaseFromNow(IMPORT_LIMITS.leaseSeconds) })
        .where(and(eq(importRuns.id, runId), eq(importRuns.status, 'running')))
        .catch((err: unknown) => this.log?.warn({ err, importId: runId }, 'import lease not renewed'));
    }, IMPORT_LIMITS.heartbeatSeconds * 1000);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await beat;
    }
  }

  /**
   * Fails the queued or running runs whose lease ran out (of one user or run, or all) with
   * IMPORT_INTERRUPTED, removes their uploaded files and settles their jobs; also settles the job of
   * a run that ended but whose process died before the job engine heard of it, so neither turns up
   * among the dead jobs. Returns how many runs were failed.
   */
  async recover(only: { userId?: string; runId?: string } = {}): Promise<number> {
    const where: (SQL | undefined)[] = [inArray(importRuns.status, ACTIVE), leaseExpired];
    if (only.userId) where.push(eq(importRuns.userId, only.userId));
    if (only.runId) where.push(eq(importRuns.id, only.runId));
    const failed = await this.db
      .update(importRuns)
      .set({ status: 'failed', error: { code: 'IMPORT_INTERRUPTED', status: 500 } satisfies StoredError, leaseUntil: null, updatedAt: new Date() })
      .where(and(...where))
      .returning({ id: importRuns.id, uploadKey: importRuns.uploadKey });
    for (const r of failed) {
      this.log?.warn({ importId: r.id }, 'import interrupted: its process stopped renewing the lease');
      if (!r.uploadKey) continue;
      await this.storage.delete(r.uploadKey).catch(() => undefined);
      await this.db.update(importRuns).set({ uploadKey: null }).where(eq(importRuns.id, r.id));
    }
    if (this.jobs?.cancel && !only.userId && !only.runId) {
      const ended = await this.db
        .select({ id: importRuns.id, jobId: importRuns.jobId })
        .from(importRuns)
        .where(and(isNotNull(importRuns.jobId), inArray(importRuns.status, ['succeeded', 'failed']), sql`${importRuns.updatedAt} < now() - make_interval(secs => ${IMPORT_LIMITS.leaseSeconds})`))
        .limit(500);
      if (ended.length > 0) {
        // Cancelling a job that already completed changes nothing.
        await this.jobs.cancel(JOB_NAME, ended.map((r) => r.jobId!));
        await this.db.update(importRuns).set({ jobId: null }).where(inArray(importRuns.id, ended.map((r) => r.id)));
      }
    }
    return failed.length;
  }

  private async setProgress(runId: string, progress: number) {
    await this.db.update(importRuns).set({ progress, updatedAt: new Date() }).where(eq(importRuns.id, runId));
  }

  /** The job: runs a queued import once (a redelivered job finds it no longer queued). */
  async runJob(data: JobPayload): Promise<void> {
    const [claimed] = await this.db
      .update(importRuns)
      .set({ status: 'running', progress: 1, leaseUntil: leaseFromNow(IMPORT_LIMITS.leaseSeconds), updatedAt: new Date() })
      .where(and(eq(importRuns.id, data.runId), eq(importRuns.status, 'queued')))
      .returning();
    if (!claimed) return;
    const def = this.defs.get(claimed.name);
    const actor: ImportActor = { ...data.actor, permissions: new Set(data.actor.permissions) };
    try {
      const bytes = claimed.uploadKey ? await this.storage.get(claimed.uploadKey) : null;
      if (!def || !bytes) throw new AppError('FILE_NOT_FOUND', 404);
      const result = await this.holdingLease(claimed.id, () =>
        this.execute(def, claimed.id, actor, { fileName: claimed.fileName, data: bytes }, {
          onlyValidate: claimed.onlyValidate,
          lang: data.lang,
          skipRows: data.skipRows,
          params: data.params,
          progress: (p) => this.setProgress(claimed.id, p),
        }),
      );
      await this.finish(claimed.id, { result });
    } catch (err) {
      if (!(err instanceof AppError)) this.log?.error({ err, importId: claimed.id }, 'import job failed');
      await this.finish(claimed.id, { error: storedError(err) });
    } finally {
      if (claimed.uploadKey) {
        await this.storage.delete(claimed.uploadKey);
        await this.db.update(importRuns).set({ uploadKey: null }).where(eq(importRuns.id, claimed.id));
      }
    }
  }

  /** A run of the user, or null (another user's run is not found, never forbidden). */
  async view(runId: string, lang: Language, userId?: string): Promise<ImportRunView | null> {
    const read = () => this.db.select({ run: importRuns, expired: sql<boolean>`${leaseExpired}` }).from(importRuns).where(userId ? and(eq(importRuns.id, runId), eq(importRuns.userId, userId)) : eq(importRuns.id, runId));
    let [found] = await read();
    // The seller polling a run whose process died reads it failed at once, not after the next sweep.
    if (found && ACTIVE.includes(found.run.status) && found.expired && (await this.recover({ runId })) > 0) [found] = await read();
    if (!found) return null;
    const r = found.run;
    const e = r.error as StoredError | null;
    return {
      id: r.id,
      name: r.name,
      fileName: r.fileName,
      onlyValidate: r.onlyValidate,
      status: r.status as ImportStatus,
      progress: r.progress,
      result: r.result ?? null,
      error: e
        ? {
            code: e.code,
            message: translate(lang, errorMessageKey(e.code), localVars(lang, e.vars)),
            ...(e.errors ? { errors: e.errors.map((f) => ({ field: f.field, message: translate(lang, f.message, localVars(lang, f.vars)) })) } : {}),
            ...(e.details ? { details: e.details } : {}),
          }
        : null,
    };
  }

  /** Removes runs (and their stored files) older than IMPORT_LIMITS.errorWorkbookDays. */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - IMPORT_LIMITS.errorWorkbookDays * 86_400_000);
    const old = await this.db
      .delete(importRuns)
      .where(and(lt(importRuns.updatedAt, before), sql`${importRuns.status} in ('succeeded', 'failed')`))
      .returning({ errorKey: importRuns.errorWorkbookKey, uploadKey: importRuns.uploadKey });
    for (const r of old) {
      if (r.errorKey) await this.storage.delete(r.errorKey);
      if (r.uploadKey) await this.storage.delete(r.uploadKey);
    }
    return old.length;
  }

  /** GET /imports/:id (progress, result or error) and GET /imports/:id/errors.xlsx, for the run's own user. */
  routes(): FastifyPluginAsyncZod {
    return async (app) => {
      route(app, GetImportRunEndpoint, async (req) => {
        const run = await this.view(req.params.id, req.lang, authOf(req).userId);
        if (!run) throw new AppError('FILE_NOT_FOUND', 404);
        return run;
      });
      route(app, ImportErrorWorkbookEndpoint, async (req, reply) => {
        const [r] = await this.db
          .select({ key: importRuns.errorWorkbookKey, name: importRuns.errorWorkbookName })
          .from(importRuns)
          .where(and(eq(importRuns.id, req.params.id), eq(importRuns.userId, authOf(req).userId)));
        const data = r?.key ? await this.storage.get(r.key) : null;
        if (!data) throw new AppError('FILE_NOT_FOUND', 404);
        return sendXlsx(reply, r!.name ?? 'Errors.xlsx', data);
      });
    };
  }

}

/**
 * The reply to a started import: the summary (status `doneStatus`, message `doneMessage`) when it
 * ran inline, or 202 with the run to poll at GET /imports/:id when it was queued.
 */
export function sendImportStart<S>(req: FastifyRequest, reply: FastifyReply, started: ImportStart<S>, doneMessage: MessageKey | ((result: S) => MessageKey), doneStatus = 200) {
  if (started.status === 'queued') return reply.code(202).send(ok(req, { importId: started.importId, ...started.run }, 'import.queued'));
  const message = typeof doneMessage === 'function' ? doneMessage(started.result) : doneMessage;
  return reply.code(doneStatus).send(ok(req, started.result, message));
}

function storedError(err: unknown): StoredError {
  if (err instanceof AppError) return { code: err.code, status: err.status, errors: err.opts.errors, details: err.opts.details, vars: err.opts.vars };
  return { code: 'INTERNAL_ERROR', status: 500 };
}

const sqlState = (err: unknown): string | undefined => (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
