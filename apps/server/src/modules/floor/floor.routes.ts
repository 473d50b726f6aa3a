import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckInParcelEndpoint,
  CheckInTemplateEndpoint,
  CSV_MIME,
  DeleteToleranceEndpoint,
  FLOOR_LIMITS,
  GetOrderCheckInEndpoint,
  ImportCheckInsEndpoint,
  ListScansEndpoint,
  ListTolerancesEndpoint,
  LookupParcelEndpoint,
  SaveToleranceEndpoint,
  translate,
  UndoScanEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { ok } from '../../platform/http';
import type { ImportRunner } from '../../platform/imports';
import { sendImportStart } from '../../platform/imports';
import { readUpload, registerUploads } from '../../platform/storage';
import type { CheckInService } from './floor.check-in';
import { checkInTemplateCsv, type CheckInImportActor, type checkInImport } from './floor.imports';
import type { ScanLog } from './floor.scans';
import type { Tolerances } from './floor.tolerances';

// The floor's check-in routes (docs/warehouse-floor.md). The scans' routes are open to any signed-in
// user and check the permission of the screen asked for (ListScansEndpoint, UndoScanEndpoint).
export const floorRoutes =
  (m: { scans: ScanLog; checkIns: CheckInService; tolerances: Tolerances; checkInFile: ReturnType<typeof checkInImport> }, imports: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, FLOOR_LIMITS.checkInImportMaxBytes);

    route(app, ListScansEndpoint, (req) => m.scans.list(authOf(req), req.query.screen, req.lang));
    route(app, UndoScanEndpoint, (req) => m.scans.undo(authOf(req), req.params.scanId, req.lang));

    route(app, LookupParcelEndpoint, (req) => m.checkIns.lookup(req.query.code));
    // The hot route of the floor: a compiled reply writer.
    route(app, CheckInParcelEndpoint, (req) => m.checkIns.checkIn(authOf(req), req.body, req.lang), { serializer: 'compiled' });
    route(app, GetOrderCheckInEndpoint, (req) => m.checkIns.ofOrder(authOf(req), req.params.orderId));

    route(app, ListTolerancesEndpoint, () => m.tolerances.list());
    route(app, SaveToleranceEndpoint, (req) => m.tolerances.save(authOf(req).userId, req.body));
    route(app, DeleteToleranceEndpoint, (req) => m.tolerances.remove(req.params.serviceId));

    route(app, CheckInTemplateEndpoint, (_req, reply) =>
      reply.header('content-type', `${CSV_MIME}; charset=utf-8`).header('content-disposition', 'attachment; filename="check-in-template.csv"').send(checkInTemplateCsv()),
    );
    route(app, ImportCheckInsEndpoint, async (req, reply) => {
      const upload = await readUpload(req, FLOOR_LIMITS.checkInImportMaxBytes);
      // The allow-check-in flag is checked before the file is read (and again in the import's checks).
      await m.checkIns.allowed(authOf(req));
      const actor: CheckInImportActor = { ...authOf(req), warehouseCode: req.query.warehouseCode || undefined };
      const started = await imports.start(m.checkInFile, actor, upload, { onlyValidate: req.query.onlyValidate, lang: req.lang });
      if (started.status === 'done' && !started.result.onlyValidate) {
        const { onlyValidate: _done, ...data } = started.result;
        return reply.send({ ...ok(req, data), message: translate(req.lang, 'floor.checkInsImported', { count: String(data.applied) }) });
      }
      if (started.status === 'done') {
        const { onlyValidate: _done, ...data } = started.result;
        return reply.send(ok(req, data, 'floor.checkInsValidated'));
      }
      return sendImportStart(req, reply, started, 'floor.checkInsValidated');
    });
  };
