import { and, count, eq } from 'drizzle-orm';
import { FREIGHT_LIMITS, type FreightDocument } from '@exship/contracts';
import type { Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { formatBytes, newStorageKey, type Storage, type Upload } from '../../platform/storage';
import { findUsersByIds } from '../users';
import { documentView, loadFreight } from './freight.queries';
import { freightDocuments, freightHistory } from './freight.tables';

// A freight's documents (MAWB scan, invoice, manifest): SPEC §5 up to 10 files of 10 MB, PDF or an
// image, recognised by their first bytes (never by the name or the content type the client sent),
// kept through Storage under a key the server makes, downloaded by staff.

const TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
type DocType = keyof typeof TYPES;

/** PDF (%PDF-), PNG, JPEG or WebP (RIFF….WEBP) by magic bytes; null for anything else. */
export function sniffDocument(data: Buffer): DocType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

export function createFreightDocuments(db: Db, storage: Storage, clock: () => Date) {
  async function document(freightId: string, documentId: string) {
    const [d] = await db.select().from(freightDocuments).where(and(eq(freightDocuments.id, documentId), eq(freightDocuments.freightId, freightId)));
    if (!d) throw new AppError('DOCUMENT_NOT_FOUND', 404);
    return d;
  }

  return {
    async upload(actor: Actor, freightId: string, upload: Upload): Promise<FreightDocument> {
      if (upload.data.length > FREIGHT_LIMITS.documentMaxBytes) throw new AppError('FILE_TOO_LARGE', 413, { vars: { max: formatBytes(FREIGHT_LIMITS.documentMaxBytes) }, errors: [{ field: 'file', message: 'validation.file.tooLarge', vars: { max: formatBytes(FREIGHT_LIMITS.documentMaxBytes) } }] });
      const type = sniffDocument(upload.data);
      if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED', 415, { errors: [{ field: 'file', message: 'error.FILE_TYPE_NOT_ALLOWED' }] });
      const row = await db.transaction(async (tx) => {
        // The freight's row lock makes the count and the insert one step: two uploads cannot both be the 10th.
        const f = await loadFreight(tx, freightId, true);
        const [n] = await tx.select({ n: count() }).from(freightDocuments).where(eq(freightDocuments.freightId, freightId));
        if (Number(n?.n ?? 0) >= FREIGHT_LIMITS.documentsMax) throw new AppError('DOCUMENTS_FULL', 409, { vars: { freight: f.mawb } });
        const key = newStorageKey(`freights/${freightId}`, type);
        const now = clock();
        const [d] = await tx
          .insert(freightDocuments)
          .values({ freightId, storageKey: key, fileName: upload.fileName.slice(0, 200), contentType: TYPES[type], sizeBytes: upload.data.length, uploadedAt: now, uploadedBy: actor.userId })
          .returning();
        await tx.insert(freightHistory).values({ freightId, actorId: actor.userId, action: 'document-added', fromStatus: f.status, toStatus: f.status, note: d!.fileName, at: now });
        // Stored inside the transaction: a failed write leaves no row behind.
        await storage.put(key, upload.data);
        return d!;
      });
      const names = new Map((await findUsersByIds(db, [row.uploadedBy])).map((u) => [u.id, u.fullName || u.email]));
      return documentView(row, names);
    },

    async download(freightId: string, documentId: string): Promise<{ fileName: string; contentType: string; data: Buffer }> {
      const d = await document(freightId, documentId);
      const data = await storage.get(d.storageKey);
      if (!data) throw new AppError('DOCUMENT_NOT_FOUND', 404);
      return { fileName: d.fileName, contentType: d.contentType, data };
    },

    async remove(actor: Actor, freightId: string, documentId: string): Promise<{ _id: string }> {
      const d = await db.transaction(async (tx) => {
        const f = await loadFreight(tx, freightId, true);
        const [gone] = await tx.delete(freightDocuments).where(and(eq(freightDocuments.id, documentId), eq(freightDocuments.freightId, freightId))).returning();
        if (!gone) throw new AppError('DOCUMENT_NOT_FOUND', 404);
        await tx.insert(freightHistory).values({ freightId, actorId: actor.userId, action: 'document-removed', fromStatus: f.status, toStatus: f.status, note: gone.fileName, at: clock() });
        return gone;
      });
      await storage.delete(d.storageKey);
      return { _id: d.id };
    },
  };
}

export type FreightDocuments = ReturnType<typeof createFreightDocuments>;
