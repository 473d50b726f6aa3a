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
  type EndpointBody,
  type EndpointReply,
} from '@exship/contracts';
import { call, callEnvelope, download } from '../../api/call';
import type { UrlQuery } from '../../api/endpoints';

// Air freight's calls (airports, airlines, fee schedules, freights, the report), through the endpoint
// descriptors of packages/contracts. Used only by the lazily loaded freight screens.

export const FREIGHT_KEY = 'freight';
export const airportsKey = [FREIGHT_KEY, 'airports'];
export const airlinesKey = [FREIGHT_KEY, 'airlines'];
export const airlineKey = (code: string) => [FREIGHT_KEY, 'airline', code];
export const schedulesKey = (airlineCode?: string) => [FREIGHT_KEY, 'schedules', airlineCode ?? ''];
export const freightsKey = [FREIGHT_KEY, 'freights'];
export const freightKey = (id: string) => [FREIGHT_KEY, 'freight', id];
export const reportKey = [FREIGHT_KEY, 'report'];

export type AirportBody = EndpointBody<typeof CreateAirportEndpoint>;
export type AirlineBody = EndpointBody<typeof CreateAirlineEndpoint>;
export type FreightBody = EndpointBody<typeof CreateFreightEndpoint>;
export type StatusBody = EndpointBody<typeof ChangeFreightStatusEndpoint>;
export type FreightListQuery = UrlQuery<typeof ListFreightsEndpoint>;
export type FreightList = EndpointReply<typeof ListFreightsEndpoint>;
export type ReportQuery = UrlQuery<typeof FreightReportEndpoint>;
export type FreightReport = EndpointReply<typeof FreightReportEndpoint>;
export type FeeImportResult = EndpointReply<typeof ImportFlightFeesEndpoint>;
export type AirlineWithFreights = EndpointReply<typeof GetAirlineEndpoint>;

/** URL-kept filters go out as they are; the server parses them against the descriptor's query schema. */
const urlQuery = (query: object | undefined) => query as never;

export const freightApi = {
  airports: (signal?: AbortSignal) => call(ListAirportsEndpoint, { signal }),
  createAirport: (body: AirportBody) => callEnvelope(CreateAirportEndpoint, { body }),
  updateAirport: (airportId: string, body: AirportBody) => callEnvelope(UpdateAirportEndpoint, { params: { airportId }, body }),
  airlines: (signal?: AbortSignal) => call(ListAirlinesEndpoint, { signal }),
  createAirline: (body: AirlineBody) => callEnvelope(CreateAirlineEndpoint, { body }),
  updateAirline: (airlineId: string, body: AirlineBody) => callEnvelope(UpdateAirlineEndpoint, { params: { airlineId }, body }),
  airline: (airlineCode: string, signal?: AbortSignal) => call(GetAirlineEndpoint, { params: { airlineCode }, signal }),

  feeTemplate: () => download(FlightFeeTemplateEndpoint),
  importFees: (file: File, onlyValidate: boolean, effectiveFrom: string) =>
    callEnvelope(ImportFlightFeesEndpoint, { file, query: { onlyValidate: onlyValidate ? 'true' : 'false', effectiveFrom } }),
  schedules: (airlineCode: string | undefined, signal?: AbortSignal) => call(ListFeeSchedulesEndpoint, { query: airlineCode ? { airlineCode } : {}, signal }),
  schedule: (scheduleId: string, signal?: AbortSignal) => call(GetFeeScheduleEndpoint, { params: { scheduleId }, signal }),
  activateSchedule: (scheduleId: string) => callEnvelope(ActivateFeeScheduleEndpoint, { params: { scheduleId } }),
  deleteSchedule: (scheduleId: string) => callEnvelope(DeleteFeeScheduleEndpoint, { params: { scheduleId } }),

  freights: (query: FreightListQuery, signal?: AbortSignal) => call(ListFreightsEndpoint, { query: urlQuery(query), signal }),
  createFreight: (body: FreightBody) => callEnvelope(CreateFreightEndpoint, { body }),
  updateFreight: (freightId: string, body: FreightBody) => callEnvelope(UpdateFreightEndpoint, { params: { freightId }, body }),
  freight: (freightId: string, signal?: AbortSignal) => call(GetFreightEndpoint, { params: { freightId }, signal }),
  addCarton: (freightId: string, code: string) => callEnvelope(AddCartonToFreightEndpoint, { params: { freightId }, body: { code } }),
  removeCarton: (freightId: string, cartonId: string) => callEnvelope(RemoveCartonFromFreightEndpoint, { params: { freightId, cartonId } }),
  changeStatus: (freightId: string, body: StatusBody) => callEnvelope(ChangeFreightStatusEndpoint, { params: { freightId }, body }),
  adjustCost: (freightId: string, body: { amount: number; reason: string }) => callEnvelope(AdjustFreightCostEndpoint, { params: { freightId }, body }),
  uploadDocument: (freightId: string, file: File) => callEnvelope(UploadFreightDocumentEndpoint, { params: { freightId }, file }),
  document: (freightId: string, documentId: string) => download(GetFreightDocumentEndpoint, { params: { freightId, documentId } }),
  deleteDocument: (freightId: string, documentId: string) => callEnvelope(DeleteFreightDocumentEndpoint, { params: { freightId, documentId } }),
  manifest: (freightId: string) => download(FreightManifestEndpoint, { params: { freightId } }),

  report: (query: ReportQuery, signal?: AbortSignal) => call(FreightReportEndpoint, { query: urlQuery(query), signal }),
  exportReport: (query: ReportQuery) => download(ExportFreightReportEndpoint, { query: urlQuery(query) }),
};
