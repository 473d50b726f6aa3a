import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddParcelToCartonEndpoint,
  BoxTemplateEndpoint,
  CheckOutCartonEndpoint,
  CheckOutTodayEndpoint,
  CloseCartonEndpoint,
  ExportCartonsEndpoint,
  FLOOR_LIMITS,
  GetCartonEndpoint,
  GetCartonLabelEndpoint,
  ImportBoxesEndpoint,
  ListCartonsEndpoint,
  OpenCartonEndpoint,
  CartonOptionsEndpoint,
  PDF_MIME,
  RemoveParcelFromCartonEndpoint,
  ReopenCartonEndpoint,
  translate,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { sendImportStart, type ImportRunner } from '../../platform/imports';
import { readUpload, registerUploads } from '../../platform/storage';
import { sendXlsx, sendXlsxStream, templateWorkbook } from '../../platform/xlsx';
import { BOX_TEMPLATE, boxImport, boxTemplateRows, type BoxService } from './floor.boxes';
import { renderCartonLabelPdf } from './floor.carton-label';
import type { CartonService } from './floor.cartons';
import type { CheckOutService } from './floor.checkout';
import type { SnapshotCache } from '../catalog';

// Cartons, check-out and the box listing over HTTP: each route a descriptor of floor.endpoints.ts
// (its EX- code checked before the handler), parse, call the use case.
export const cartonRoutes =
  (m: { cartons: CartonService; checkOut: CheckOutService; boxes: BoxService; snapshot: SnapshotCache }, imports: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, FLOOR_LIMITS.boxImportMaxBytes);
    const { cartons, checkOut, boxes } = m;
    const boxes$import = boxImport();
    imports.declare(boxes$import);

    route(app, CartonOptionsEndpoint, async () => {
      const snap = await m.snapshot.get();
      const pick = (xs: readonly { id: string; code: string; name: string }[]) => xs.map((x) => ({ id: x.id, code: x.code, name: x.name }));
      return { carriers: pick(snap.carriers), warehouses: pick(snap.warehouses), services: pick(snap.services) };
    });
    route(app, OpenCartonEndpoint, (req) => cartons.open(authOf(req), req.body));
    route(app, ListCartonsEndpoint, (req) => boxes.list(req.query));
    route(app, ExportCartonsEndpoint, async (req, reply) => {
      const stream = await boxes.exportWorkbook(req.query, authOf(req).timeZone);
      return sendXlsxStream(reply, `Boxes_${new Date().toISOString().slice(0, 10)}.xlsx`, stream);
    });
    route(app, GetCartonEndpoint, (req) => cartons.get(req.params.cartonId));
    route(app, AddParcelToCartonEndpoint, (req) => cartons.addParcel(authOf(req), req.params.cartonId, req.body.code, req.lang));
    route(app, RemoveParcelFromCartonEndpoint, (req) => cartons.removeParcel(authOf(req), req.params.cartonId, req.params.orderId));
    route(app, CloseCartonEndpoint, (req) => cartons.close(authOf(req), req.params.cartonId, req.body));
    route(app, ReopenCartonEndpoint, (req) => cartons.reopen(authOf(req), req.params.cartonId));
    route(app, GetCartonLabelEndpoint, async (req, reply) => {
      const pdf = await renderCartonLabelPdf(await cartons.label(req.params.cartonId, authOf(req).timeZone));
      return reply.header('content-type', PDF_MIME).header('content-disposition', `inline; filename="carton-${req.params.cartonId}.pdf"`).header('cache-control', 'private, no-store').send(Buffer.from(pdf));
    });

    route(app, CheckOutCartonEndpoint, (req) => checkOut.checkOut(authOf(req), req.body.code, req.lang));
    route(app, CheckOutTodayEndpoint, (req) => checkOut.today(authOf(req).timeZone));

    route(app, BoxTemplateEndpoint, async (_req, reply) => sendXlsx(reply, 'Template_import_box.xlsx', await templateWorkbook(BOX_TEMPLATE, boxTemplateRows)));
    route(app, ImportBoxesEndpoint, async (req, reply) => {
      const upload = await readUpload(req, FLOOR_LIMITS.boxImportMaxBytes);
      const started = await imports.start(boxes$import, authOf(req), upload, { onlyValidate: req.query.onlyValidate, lang: req.lang });
      if (started.status === 'queued' || req.query.onlyValidate) return sendImportStart(req, reply, started, 'floor.boxesValidated');
      return reply.send({ success: true, message: translate(req.lang, 'floor.boxesImported', { count: String(started.result.applied) }), data: started.result });
    });
  };
