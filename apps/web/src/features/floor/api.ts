import {
  AddParcelToCartonEndpoint,
  BoxTemplateEndpoint,
  CheckInParcelEndpoint,
  CheckInTemplateEndpoint,
  CheckOutCartonEndpoint,
  CheckOutTodayEndpoint,
  CloseCartonEndpoint,
  DeleteToleranceEndpoint,
  ExportCartonsEndpoint,
  GetCartonEndpoint,
  GetCartonLabelEndpoint,
  GetOrderCheckInEndpoint,
  ImportBoxesEndpoint,
  ImportCheckInsEndpoint,
  ListCartonsEndpoint,
  ListScansEndpoint,
  ListTolerancesEndpoint,
  LookupParcelEndpoint,
  OpenCartonEndpoint,
  CartonOptionsEndpoint,
  RemoveParcelFromCartonEndpoint,
  ReopenCartonEndpoint,
  SaveToleranceEndpoint,
  UndoScanEndpoint,
  type EndpointBody,
  type EndpointReply,
  type Measures,
  type ScanScreen,
} from '@exship/contracts';
import { call, callEnvelope, download } from '../../api/call';
import type { UrlQuery } from '../../api/endpoints';

// The warehouse floor's calls (check-in, cartons, check-out, boxes), through the endpoint
// descriptors of packages/contracts. Used only by the lazily loaded floor screens and the order detail.

export const FLOOR_KEY = 'floor';
export const scansKey = (screen: ScanScreen) => [FLOOR_KEY, 'scans', screen];
export const cartonKey = (cartonId: string) => [FLOOR_KEY, 'carton', cartonId];
export const orderCheckInKey = (orderId: string) => ['orders', 'check-in', orderId];

export type CheckInBody = EndpointBody<typeof CheckInParcelEndpoint>;
export type CartonListQuery = UrlQuery<typeof ListCartonsEndpoint>;
export type CartonListReply = EndpointReply<typeof ListCartonsEndpoint>;
export type CheckInImportResult = EndpointReply<typeof ImportCheckInsEndpoint>;
export type BoxImportResult = EndpointReply<typeof ImportBoxesEndpoint>;
export type OpenCartonBody = EndpointBody<typeof OpenCartonEndpoint>;

/** URL-kept filters go out as they are; the server parses them against the descriptor's query schema. */
const urlQuery = (query: object | undefined) => query as never;
const validateQuery = (onlyValidate: boolean) => ({ onlyValidate: onlyValidate ? ('true' as const) : ('false' as const) });

export const floorApi = {
  scans: (screen: ScanScreen, signal?: AbortSignal) => call(ListScansEndpoint, { query: { screen }, signal }),
  undo: (scanId: string) => callEnvelope(UndoScanEndpoint, { params: { scanId } }),

  lookup: (code: string, signal?: AbortSignal) => call(LookupParcelEndpoint, { query: { code }, signal }),
  checkIn: (body: CheckInBody) => callEnvelope(CheckInParcelEndpoint, { body }),
  orderCheckIn: (orderId: string, signal?: AbortSignal) => call(GetOrderCheckInEndpoint, { params: { orderId }, signal }),
  tolerances: (signal?: AbortSignal) => call(ListTolerancesEndpoint, { signal }),
  saveTolerance: (body: EndpointBody<typeof SaveToleranceEndpoint>) => callEnvelope(SaveToleranceEndpoint, { body }),
  deleteTolerance: (serviceId: string) => callEnvelope(DeleteToleranceEndpoint, { params: { serviceId } }),
  checkInTemplate: () => download(CheckInTemplateEndpoint),
  importCheckIns: (file: File, onlyValidate: boolean, warehouseCode?: string) =>
    callEnvelope(ImportCheckInsEndpoint, { file, query: { ...validateQuery(onlyValidate), ...(warehouseCode ? { warehouseCode } : {}) } }),

  cartonOptions: (signal?: AbortSignal) => call(CartonOptionsEndpoint, { signal }),
  openCarton: (body: OpenCartonBody) => callEnvelope(OpenCartonEndpoint, { body }),
  carton: (cartonId: string, signal?: AbortSignal) => call(GetCartonEndpoint, { params: { cartonId }, signal }),
  pack: (cartonId: string, code: string) => callEnvelope(AddParcelToCartonEndpoint, { params: { cartonId }, body: { code } }),
  unpack: (cartonId: string, orderId: string) => callEnvelope(RemoveParcelFromCartonEndpoint, { params: { cartonId, orderId } }),
  closeCarton: (cartonId: string, body: Measures) => callEnvelope(CloseCartonEndpoint, { params: { cartonId }, body }),
  reopenCarton: (cartonId: string) => callEnvelope(ReopenCartonEndpoint, { params: { cartonId } }),
  cartonLabel: (cartonId: string) => download(GetCartonLabelEndpoint, { params: { cartonId } }),

  checkOut: (code: string) => callEnvelope(CheckOutCartonEndpoint, { body: { code } }),
  checkOutToday: (signal?: AbortSignal) => call(CheckOutTodayEndpoint, { signal }),

  cartons: (query: CartonListQuery, signal?: AbortSignal) => callEnvelope(ListCartonsEndpoint, { query: urlQuery(query), signal }),
  exportCartons: (query: CartonListQuery) => download(ExportCartonsEndpoint, { query: urlQuery(query) }),
  boxTemplate: () => download(BoxTemplateEndpoint),
  importBoxes: (file: File, onlyValidate: boolean) => callEnvelope(ImportBoxesEndpoint, { file, query: validateQuery(onlyValidate) }),
};

/** A carton id as printed on its label (CT + 8 letters or digits). */
export const CARTON_ID = /^CT[0-9A-Z]{8}$/;
export const isCartonId = (code: string) => CARTON_ID.test(code.trim().toUpperCase());
