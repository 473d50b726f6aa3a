import { and, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import { errorMessageKey, translate, type Language, type PermissionCode, type ScanRecord, type ScanScreen } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { localVars } from '../../platform/http';
import { floorScans } from './floor.tables';

// The scan log of the floor screens (docs/warehouse-floor.md "Scans"): every scan, refused ones too,
// is one row; each screen lists the operator's last 20 and undoes the newest one that changed
// something. A screen registers what its undo does (registerUndo); the log checks who may undo what.

export type ScanRow = typeof floorScans.$inferSelect;

/** The permission each screen needs: its scans are listed and undone with it. */
export const SCREEN_PERMISSION: Record<ScanScreen, PermissionCode> = { 'check-in': 'EX-CHECKIN', carton: 'EX-SCANNER', 'check-out': 'EX-CHECKOUT', freight: 'EX-FREIGHT-MANAGE' };

export interface ScanInput {
  userId: string;
  screen: ScanScreen;
  code: string;
  ok: boolean;
  /** The scan changed something (a refusal or a repeat did not): it may be undone. */
  undoable: boolean;
  messageKey: string;
  vars?: Record<string, string>;
  orderId?: string | null;
  exOrderId?: string | null;
  cartonId?: string | null;
}

/**
 * Undoes what a scan did, in `tx` (the scan row is locked, the log marks it undone after). Throws
 * SCAN_NOT_UNDOABLE (409) when something came after it that the log cannot see.
 */
export type UndoHandler = (tx: Db, scan: ScanRow, actor: Actor) => Promise<void>;

/** Writes one scan in `tx` (the transaction of the change it records, so both or neither are kept). */
export async function recordScan(tx: Db, input: ScanInput): Promise<ScanRow> {
  const [row] = await scanInsert(tx, input);
  return row!;
}

/** A scan's row as written (all but its id and date). */
export function scanColumns(input: ScanInput) {
  return {
    userId: input.userId,
    screen: input.screen,
    code: input.code,
    ok: input.ok,
    undoable: input.ok && input.undoable,
    messageKey: input.messageKey,
    messageVars: input.vars ?? {},
    orderId: input.orderId ?? null,
    exOrderId: input.exOrderId ?? null,
    cartonId: input.cartonId ?? null,
  };
}
export const SCAN_COLUMNS = Object.keys(scanColumns({ userId: '', screen: 'check-in', code: '', ok: true, undoable: true, messageKey: '' })) as (keyof ReturnType<typeof scanColumns>)[];

/** The insert of one scan, returning its row: run it, or make it part of the statement of the change it records. */
export function scanInsert(tx: Db, input: ScanInput) {
  return tx.insert(floorScans).values(scanColumns(input)).returning();
}

export const scanNotUndoable = () => new AppError('SCAN_NOT_UNDOABLE', 409);

/** A scan as the screen shows it: the message in the reader's language. */
export function scanView(row: ScanRow, lang: Language, canUndo: boolean): ScanRecord {
  return {
    _id: row.id,
    at: row.createdAt.toISOString(),
    screen: row.screen as ScanScreen,
    code: row.code,
    ok: row.ok,
    message: translate(lang, row.messageKey, localVars(lang, row.messageVars)),
    exOrderId: row.exOrderId,
    cartonId: row.cartonId,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    canUndo,
  };
}

export function createScanLog(db: Db, clock: () => Date = () => new Date()) {
  const undoers = new Map<ScanScreen, UndoHandler>();

  const requireScreen = (actor: Actor, screen: ScanScreen) => {
    const permission = SCREEN_PERMISSION[screen];
    if (!hasAccess(actor.permissions, permission)) throw new AppError('FORBIDDEN', 403, { details: { permission } });
  };

  /** The caller's newest scan on the screen that changed something and is not undone: the only one it may undo. */
  async function lastUndoable(tx: Db, userId: string, screen: ScanScreen): Promise<string | undefined> {
    const [row] = await tx
      .select({ id: floorScans.id })
      .from(floorScans)
      .where(and(eq(floorScans.userId, userId), eq(floorScans.screen, screen), eq(floorScans.undoable, true), isNull(floorScans.undoneAt)))
      .orderBy(desc(floorScans.createdAt), desc(floorScans.id))
      .limit(1);
    return row?.id;
  }

  /** A later scan, by anyone on any screen, that changed the same parcel or carton (and stands). */
  async function cameAfter(tx: Db, scan: ScanRow): Promise<boolean> {
    const same = [scan.orderId ? eq(floorScans.orderId, scan.orderId) : undefined, scan.cartonId ? eq(floorScans.cartonId, scan.cartonId) : undefined].filter((c) => c !== undefined);
    if (same.length === 0) return false;
    const [row] = await tx
      .select({ id: floorScans.id })
      .from(floorScans)
      .where(and(or(...same), ne(floorScans.id, scan.id), eq(floorScans.undoable, true), isNull(floorScans.undoneAt), gt(floorScans.createdAt, scan.createdAt)))
      .limit(1);
    return row !== undefined;
  }

  return {
    /** Called by each screen's service at setup: what undoing one of its scans does. */
    registerUndo(screen: ScanScreen, handler: UndoHandler): void {
      if (undoers.has(screen)) throw new Error(`an undo is already registered for the ${screen} screen`);
      undoers.set(screen, handler);
    },

    record: recordScan,

    /**
     * A refusal (404/409 AppError) of a scan, kept in the log outside the transaction it rolled back;
     * the error is returned to be thrown again.
     */
    async refused(err: unknown, input: Omit<ScanInput, 'ok' | 'undoable' | 'messageKey' | 'vars'>): Promise<unknown> {
      if (!(err instanceof AppError) || (err.status !== 404 && err.status !== 409)) return err;
      await recordScan(db, { ...input, ok: false, undoable: false, messageKey: errorMessageKey(err.code), vars: { code: input.code, ...err.opts.vars } });
      return err;
    },

    async list(actor: Actor, screen: ScanScreen, lang: Language, limit = 20): Promise<ScanRecord[]> {
      requireScreen(actor, screen);
      const rows = await db
        .select()
        .from(floorScans)
        .where(and(eq(floorScans.userId, actor.userId), eq(floorScans.screen, screen)))
        .orderBy(desc(floorScans.createdAt), desc(floorScans.id))
        .limit(limit);
      const last = rows.find((r) => r.undoable && r.undoneAt === null);
      return rows.map((r) => scanView(r, lang, r === last));
    },

    /** Undo the caller's last scan on its screen: the screen's handler and the mark, in one transaction. */
    async undo(actor: Actor, scanId: string, lang: Language): Promise<ScanRecord> {
      const row = await db.transaction(async (tx) => {
        const [scan] = await tx
          .select()
          .from(floorScans)
          .where(and(eq(floorScans.id, scanId), eq(floorScans.userId, actor.userId)))
          .for('update');
        if (!scan) throw new AppError('SCAN_NOT_FOUND', 404);
        const screen = scan.screen as ScanScreen;
        requireScreen(actor, screen);
        if (!scan.undoable || scan.undoneAt !== null || (await lastUndoable(tx, actor.userId, screen)) !== scan.id || (await cameAfter(tx, scan))) throw scanNotUndoable();
        const handler = undoers.get(screen);
        if (!handler) throw scanNotUndoable();
        await handler(tx, scan, actor);
        const [undone] = await tx.update(floorScans).set({ undoneAt: clock() }).where(eq(floorScans.id, scan.id)).returning();
        return undone!;
      });
      return scanView(row, lang, false);
    },

    /** The permission check of a screen (for the screens' own routes that list or act on scans). */
    requireScreen,
  };
}

export type ScanLog = ReturnType<typeof createScanLog>;

