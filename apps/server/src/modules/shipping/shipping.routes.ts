import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateScanFormEndpoint,
  DownloadLabelsEndpoint,
  ExportTrackingEndpoint,
  GetOrderBarcodeLabelEndpoint,
  GetOrderLabelEndpoint,
  GetOrderShippingEndpoint,
  GetOrderUsLabelEndpoint,
  GetScanFormPdfEndpoint,
  ListScanFormCandidatesEndpoint,
  ImportTrackingEndpoint,
  ListCarrierConnectionsEndpoint,
  ListCarrierPluginsEndpoint,
  ListFlaggedParcelsEndpoint,
  ListScanFormsEndpoint,
  ListTrackingLogsEndpoint,
  PDF_MIME,
  PublicTrackingEndpoint,
  RetryLabelVoidEndpoint,
  TestStallParcelEndpoint,
  TrackingCancelEndpoint,
  TrackingTemplateEndpoint,
  TrackLookupEndpoint,
  UpdateCarrierConnectionEndpoint,
  ZPL_MIME,
} from '@exship/contracts';
import { wallClockAt } from '@exship/domain';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { readUpload, registerUploads, type Storage } from '../../platform/storage';
import { sendXlsx, sendXlsxStream, streamWorkbook, templateWorkbook } from '../../platform/xlsx';
import { mergePdfs, renderLabelPdf, renderLabelZpl, type LabelData, type LabelVariant } from './shipping.label';
import type { ScanFormService } from './shipping.scan-forms';
import type { ShippingService } from './shipping.service';
import { TRACKING_TEMPLATE, type TrackingImportService } from './shipping.tracking-import';
import type { TrackingService } from './shipping.tracking';

const LABEL_ROUTES: [typeof GetOrderLabelEndpoint, LabelVariant][] = [
  [GetOrderLabelEndpoint, 'shipping'],
  [GetOrderUsLabelEndpoint, 'us'],
  [GetOrderBarcodeLabelEndpoint, 'barcode'],
];

/** The label data as stored (JSON): the ship date comes back as a string. */
const revived = (d: LabelData): LabelData => ({ ...d, shipDate: new Date(d.shipDate) });

/** Labels, tracking, SCAN forms, carrier connections: every route is a descriptor of shipping.endpoints.ts. */
export const shippingRoutes =
  (m: { shipping: ShippingService; tracking: TrackingService; scanForms: ScanFormService; trackingImport: TrackingImportService }, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, 10 * 1024 * 1024);
    const { shipping, tracking, scanForms, trackingImport } = m;

    for (const [endpoint, variant] of LABEL_ROUTES) {
      route(app, endpoint, async (req, reply) => {
        const [t] = await tracking.printableLabels(authOf(req), [req.params.orderId], true);
        if (!t) throw new AppError('LABEL_NOT_READY', 409);
        const name = `label-${t.exOrderId}${variant === 'shipping' ? '' : `-${variant}`}`;
        if (req.query.format === 'zpl') {
          return reply.header('content-type', `${ZPL_MIME}; charset=utf-8`).header('content-disposition', `attachment; filename="${name}.zpl"`).send(renderLabelZpl(revived(t.labelData), variant));
        }
        const data = variant === 'shipping' ? await storage.get(t.labelKey) : Buffer.from(await renderLabelPdf(revived(t.labelData), variant));
        if (!data) throw new AppError('FILE_NOT_FOUND', 404);
        return reply.header('content-type', PDF_MIME).header('content-disposition', `inline; filename="${name}.pdf"`).header('cache-control', 'private, no-store').send(data);
      });
    }

    route(app, DownloadLabelsEndpoint, async (req, reply) => {
      const found = await tracking.printableLabels(authOf(req), req.body.orderIds);
      const files = await Promise.all(found.map((t) => storage.get(t.labelKey)));
      const pdf = await mergePdfs(files.map((f, i) => {
        if (!f) throw new AppError('FILE_NOT_FOUND', 404, { details: { orderId: found[i]!.orderId } });
        return new Uint8Array(f);
      }));
      return reply.header('content-type', PDF_MIME).header('content-disposition', `attachment; filename="labels-${found.length}.pdf"`).send(Buffer.from(pdf));
    });

    route(app, GetOrderShippingEndpoint, (req) => tracking.orderShipping(authOf(req), req.params.orderId));
    route(app, TrackLookupEndpoint, (req) => tracking.lookup(authOf(req), req.body.refs));
    route(app, ListFlaggedParcelsEndpoint, (req) => tracking.flagged(authOf(req), req.query));
    route(app, PublicTrackingEndpoint, (req) => tracking.publicParcel(req.params.code, req.lang));
    route(app, ListTrackingLogsEndpoint, (req) => tracking.logs(authOf(req), req.query));
    route(app, RetryLabelVoidEndpoint, (req) => shipping.retryVoid(authOf(req), req.params.orderId, req.params.purchaseId));
    route(app, TrackingCancelEndpoint, (req) => shipping.trackingCancel(authOf(req), req.params.orderId, req.body.mode, req.body.reason));

    route(app, ExportTrackingEndpoint, async (req, reply) => {
      const actor = authOf(req);
      const rows = await tracking.exportRows(actor, req.query);
      const offset = actor.timeZone ?? '+07:00';
      const when = (d: Date | null) => (d ? wallClockAt(d, offset) : '');
      const headers = ['OrderID', 'Order name', 'Status', 'Carrier', 'Service', 'Tracking number', 'Routing status', 'Last event', 'Labeled at'];
      const lines = rows.map(({ tracker: t, status }) => [t.exOrderId, t.orderName, status, t.carrierCode, t.serviceName, t.trackingNumber, t.routingStatus ?? '', when(t.lastEventAt), when(t.labeledAt)]);
      return sendXlsxStream(reply, 'Tracking.xlsx', streamWorkbook([{ name: 'Tracking', headers, rows: lines }]));
    });
    route(app, TrackingTemplateEndpoint, async (_req, reply) => sendXlsx(reply, 'Template_import_tracking.xlsx', await templateWorkbook(TRACKING_TEMPLATE, [['EX0000000000', 'UPX', '1Z5R89390357567127']])));
    route(app, ImportTrackingEndpoint, async (req) => {
      const upload = await readUpload(req, TRACKING_TEMPLATE.maxBytes);
      return trackingImport.run(authOf(req), upload, { onlyValidate: req.query.onlyValidate, skipRows: req.query.skipRows });
    });

    route(app, CreateScanFormEndpoint, (req) => scanForms.create(authOf(req), req.body));
    route(app, ListScanFormsEndpoint, (req) => scanForms.list(authOf(req), req.query));
    route(app, ListScanFormCandidatesEndpoint, (req) => scanForms.candidates(authOf(req), req.query));
    route(app, GetScanFormPdfEndpoint, async (req, reply) => {
      const f = await scanForms.pdf(authOf(req), req.params.id);
      return reply.header('content-type', PDF_MIME).header('content-disposition', `inline; filename="${f.number}.pdf"`).send(f.data);
    });

    route(app, ListCarrierPluginsEndpoint, () => shipping.carrierPlugins());
    route(app, ListCarrierConnectionsEndpoint, () => shipping.connections());
    route(app, UpdateCarrierConnectionEndpoint, (req) => shipping.saveConnection(authOf(req), req.params.carrierId, req.body));
  };

/** End-to-end suite only (E2E=1, never in production): a journey's lost parcel without the 15-day wait. */
export const shippingTestRoutes =
  (tracking: TrackingService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, TestStallParcelEndpoint, (req) => tracking.stallForTest(req.params.orderId, req.body.days));
  };
