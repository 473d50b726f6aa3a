import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivateFeeScheduleEndpoint,
  AddCartonToFreightEndpoint,
  AdjustFreightCostEndpoint,
  ChangeFreightStatusEndpoint,
  CreateAirlineEndpoint,
  CreateAirportEndpoint,
  CreateFreightEndpoint,
  DeleteFeeScheduleEndpoint,
  DeleteFreightDocumentEndpoint,
  ExportFreightReportEndpoint,
  FlightFeeTemplateEndpoint,
  FREIGHT_LIMITS,
  FreightManifestEndpoint,
  FreightReportEndpoint,
  GetAirlineEndpoint,
  GetFeeScheduleEndpoint,
  GetFreightDocumentEndpoint,
  GetFreightEndpoint,
  ImportFlightFeesEndpoint,
  ListAirlinesEndpoint,
  ListAirportsEndpoint,
  ListFeeSchedulesEndpoint,
  ListFreightsEndpoint,
  RemoveCartonFromFreightEndpoint,
  UpdateAirlineEndpoint,
  UpdateAirportEndpoint,
  UpdateFreightEndpoint,
  UploadFreightDocumentEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http';
import type { ImportRunner } from '../../platform/imports';
import { readUpload, registerUploads } from '../../platform/storage';
import { sendXlsx, templateWorkbook } from '../../platform/xlsx';
import type { FreightModule } from './freight.module';
import { exampleRow, feeTemplateWithLists } from './freight.fees';
import { manifestOf, manifestWorkbook } from './freight.manifest';
import { airlineView } from './freight.places';
import { freightsOfAirline, listFreights, loadFreight } from './freight.queries';
import { freightReport, freightReportWorkbook } from './freight.report';

// Air freight's routes (docs/air-freight.md): parse (the contract), access (its EX- code), the use case.
// Staff only: a seller holds none of these codes and gets 403 on every one.

const safeName = (name: string) => name.replace(/["\\\r\n]/g, '_');

export const freightRoutes =
  (m: FreightModule, runner: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = m;
    await registerUploads(app, Math.max(FREIGHT_LIMITS.documentMaxBytes, FREIGHT_LIMITS.feeImportMaxBytes));
    runner.declare(m.fees.feeImport);

    // ── airports and airlines ──
    route(app, ListAirportsEndpoint, () => m.places.listAirports());
    route(app, CreateAirportEndpoint, (req) => m.places.createAirport(req.body));
    route(app, UpdateAirportEndpoint, (req) => m.places.updateAirport(req.params.airportId, req.body));
    route(app, ListAirlinesEndpoint, () => m.places.listAirlines());
    route(app, CreateAirlineEndpoint, (req) => m.places.createAirline(req.body));
    route(app, UpdateAirlineEndpoint, (req) => m.places.updateAirline(req.params.airlineId, req.body));
    route(app, GetAirlineEndpoint, async (req) => {
      const airline = await m.places.airlineByCode(db, req.params.airlineCode);
      return { ...airlineView(airline), freights: await freightsOfAirline(db, airline.id), schedules: await m.fees.list(airline.code) };
    });

    // ── flight fee schedules ──
    route(app, FlightFeeTemplateEndpoint, async (_req, reply) => {
      const maps = await m.places.codeMaps();
      const airlineCodes = [...maps.airlines.values()].filter((a) => a.active).map((a) => a.code).sort();
      const airportCodes = [...maps.airports.values()].filter((a) => a.active).map((a) => a.code).sort();
      const example = exampleRow(airlineCodes[0] ?? 'VN', airportCodes.find((c) => c === 'SGN') ?? airportCodes[0] ?? 'SGN', airportCodes.find((c) => c === 'LAX') ?? airportCodes[1] ?? 'LAX');
      return sendXlsx(reply, 'Template_flight_fees.xlsx', await templateWorkbook(feeTemplateWithLists(airlineCodes, airportCodes), [example]));
    });
    route(app, ImportFlightFeesEndpoint, async (req, reply) => {
      const upload = await readUpload(req, FREIGHT_LIMITS.feeImportMaxBytes);
      const started = await runner.start(m.fees.feeImport, authOf(req), upload, { onlyValidate: req.query.onlyValidate, lang: req.lang, params: { effectiveFrom: req.query.effectiveFrom } });
      // The fee import always runs inside the request (freight.fees.ts): its reply carries the drafts.
      if (started.status !== 'done') throw new AppError('INTERNAL_ERROR', 500);
      const data = { rows: started.result.rows, schedules: await m.fees.byIds(started.result.scheduleIds) };
      return reply.code(req.query.onlyValidate ? 200 : 201).send(ok(req, data, req.query.onlyValidate ? 'freight.scheduleValidated' : 'freight.scheduleImported'));
    });
    route(app, ListFeeSchedulesEndpoint, (req) => m.fees.list(req.query.airlineCode));
    route(app, GetFeeScheduleEndpoint, (req) => m.fees.get(req.params.scheduleId));
    route(app, ActivateFeeScheduleEndpoint, (req) => m.fees.activate(req.params.scheduleId));
    route(app, DeleteFeeScheduleEndpoint, (req) => m.fees.deleteDraft(req.params.scheduleId));

    // ── freights ──
    route(app, ListFreightsEndpoint, (req) => listFreights(db, req.query));
    route(app, CreateFreightEndpoint, (req) => m.freights.create(authOf(req), req.body));
    route(app, UpdateFreightEndpoint, (req) => m.freights.update(authOf(req), req.params.freightId, req.body));
    route(app, GetFreightEndpoint, (req) => m.freights.detail(req.params.freightId));
    route(app, AddCartonToFreightEndpoint, (req) => m.freights.addCarton(authOf(req), req.params.freightId, req.body.code, req.lang));
    route(app, RemoveCartonFromFreightEndpoint, (req) => m.freights.removeCarton(authOf(req), req.params.freightId, req.params.cartonId));
    route(app, ChangeFreightStatusEndpoint, (req) => m.freights.changeStatus(authOf(req), req.params.freightId, req.body));
    route(app, AdjustFreightCostEndpoint, (req) => m.freights.adjustCost(authOf(req), req.params.freightId, req.body));

    route(app, UploadFreightDocumentEndpoint, async (req) => m.documents.upload(authOf(req), req.params.freightId, await readUpload(req, FREIGHT_LIMITS.documentMaxBytes)));
    route(app, GetFreightDocumentEndpoint, async (req, reply) => {
      const d = await m.documents.download(req.params.freightId, req.params.documentId);
      return reply
        .header('content-type', d.contentType)
        .header('content-disposition', `attachment; filename="${safeName(d.fileName)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(d.data);
    });
    route(app, DeleteFreightDocumentEndpoint, (req) => m.documents.remove(authOf(req), req.params.freightId, req.params.documentId));

    route(app, FreightManifestEndpoint, async (req, reply) => {
      const f = await loadFreight(db, req.params.freightId);
      const origin = await m.places.airportByCode(db, f.departureAirportCode, 'departureAirportCode');
      const parcels = await manifestOf(db, m.cartons, f.id, origin.country);
      return sendXlsx(reply, `Manifest_${f.mawb}.xlsx`, await manifestWorkbook(f.mawb, parcels));
    });

    // ── the freight report ──
    route(app, FreightReportEndpoint, (req) => freightReport(db, req.query));
    route(app, ExportFreightReportEndpoint, async (req, reply) => sendXlsx(reply, 'Freight_report.xlsx', await freightReportWorkbook(await freightReport(db, req.query))));
  };
