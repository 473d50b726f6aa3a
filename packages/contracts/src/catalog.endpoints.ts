import { z } from 'zod';
import { idField, textField } from './fields';
import {
  CarrierBodySchema,
  CarrierConfigBodySchema,
  CarrierListQuerySchema,
  ListQuerySchema,
  QuoteBodySchema,
  QuoteRatesBodySchema,
  QuoteRatesReplySchema,
  QuoteReplySchema,
  ServiceBodySchema,
  TaxBodySchema,
  WarehouseBodySchema,
  WarehouseListQuerySchema,
  ZoneBodySchema,
} from './catalog';
import { SkipRowsField } from './products';
import {
  CarrierConfigSchema,
  CarrierSchema,
  CarrierWithServicesSchema,
  HandoverPointSchema,
  PageReplySchema,
  PriceImportResultSchema,
  PricePreviewSchema,
  PriceVersionSchema,
  SellPriceSchema,
  ServiceDetailSchema,
  ServiceSchema,
  TaxSchema,
  WarehouseSchema,
  ZoneImportResultSchema,
  ZoneSchema,
} from './catalog.replies';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { RATE_LIMITS } from './limits';

// SPEC §3 / §5 / §7: the shipping network (carriers, services, warehouses, zones, taxes, carrier
// routing), price tables and their versions, and the quote.
// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).

const XLSX_UPLOAD = { field: 'file', description: 'The filled-in template, xlsx only, up to 10 MB', accept: [XLSX_MIME] } as const;

// ---------- carriers ----------
export const ListCarriersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/carriers',
  access: 'EX-CARRIER-LIST',
  summary: 'List carriers with their services',
  description: 'Filtered by keyword (code, name), status, a service they offer or a warehouse they are routed from.',
  operationId: 'listCarriers',
  tags: ['carriers'],
  query: CarrierListQuerySchema,
  reply: PageReplySchema(CarrierWithServicesSchema),
});

export const CreateCarrierEndpoint = defineEndpoint({
  method: 'POST',
  path: '/carriers',
  access: 'EX-CARRIER-MANAGE',
  summary: 'Create a carrier',
  operationId: 'createCarrier',
  tags: ['carriers'],
  body: CarrierBodySchema,
  reply: CarrierSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateCarrierEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/carriers/:id',
  access: 'EX-CARRIER-MANAGE',
  summary: 'Update a carrier',
  operationId: 'updateCarrier',
  tags: ['carriers'],
  params: z.object({ id: idField() }),
  body: CarrierBodySchema,
  reply: CarrierSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

// ---------- services ----------
export const ListServicesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/services',
  access: 'EX-SERVICE-LIST',
  summary: 'List services',
  operationId: 'listServices',
  tags: ['services'],
  query: ListQuerySchema.extend({ carrierId: idField().optional() }),
  reply: PageReplySchema(ServiceSchema),
});

export const GetServiceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/services/:id',
  // SPEC §2: /app/carrier/service/{serviceId} is open to any signed-in user: the service and its sell prices.
  access: 'open',
  summary: 'A service and its sell price brackets',
  operationId: 'getService',
  tags: ['services'],
  params: z.object({ id: idField() }),
  reply: ServiceDetailSchema,
  errors: [404],
});

export const CreateServiceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/services',
  access: 'EX-SERVICE-MANAGE',
  summary: 'Create a service',
  description: 'The carrier must exist (400 REFERENCE_NOT_FOUND); the code must be free (409 CODE_TAKEN).',
  operationId: 'createService',
  tags: ['services'],
  body: ServiceBodySchema,
  reply: ServiceSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateServiceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/services/:id',
  access: 'EX-SERVICE-MANAGE',
  summary: 'Update a service',
  operationId: 'updateService',
  tags: ['services'],
  params: z.object({ id: idField() }),
  body: ServiceBodySchema,
  reply: ServiceSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

// ---------- warehouses ----------
export const ListWarehousesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/warehouses',
  access: 'EX-WAREHOUSE-LIST',
  summary: 'List warehouses',
  operationId: 'listWarehouses',
  tags: ['warehouses'],
  query: WarehouseListQuerySchema,
  reply: PageReplySchema(WarehouseSchema),
});

export const CreateWarehouseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/warehouses',
  access: 'EX-WAREHOUSE-MANAGE',
  summary: 'Create a warehouse',
  operationId: 'createWarehouse',
  tags: ['warehouses'],
  body: WarehouseBodySchema,
  reply: WarehouseSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateWarehouseEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/warehouses/:id',
  access: 'EX-WAREHOUSE-MANAGE',
  summary: 'Update a warehouse',
  operationId: 'updateWarehouse',
  tags: ['warehouses'],
  params: z.object({ id: idField() }),
  body: WarehouseBodySchema,
  reply: WarehouseSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const ListHandoverPointsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/public/handover-points',
  access: 'public',
  summary: 'Where sellers hand parcels over',
  description:
    "Every active warehouse's hand-over point: the drop-off address staff set on it (else the warehouse's own address) and its opening hours. Public: the seller's guide shows it before sign-in, and an order's page names its warehouse's.",
  operationId: 'listHandoverPoints',
  tags: ['warehouses'],
  reply: z.array(HandoverPointSchema),
  errors: [429],
  rateLimit: RATE_LIMITS.publicPage,
});

// ---------- zones ----------
export const ListZonesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/zones',
  access: 'EX-ZONE-LIST',
  summary: 'List zones with their zip code ranges',
  operationId: 'listZones',
  tags: ['zones'],
  query: ListQuerySchema.extend({ country: textField().regex(/^[A-Z]{2}$/, 'validation.country.code').optional() }),
  reply: PageReplySchema(ZoneSchema),
});

export const CreateZoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/zones',
  access: 'EX-ZONE-MANAGE',
  summary: 'Create a zone',
  operationId: 'createZone',
  tags: ['zones'],
  body: ZoneBodySchema,
  reply: ZoneSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateZoneEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/zones/:id',
  access: 'EX-ZONE-MANAGE',
  summary: 'Update a zone (its ranges are replaced)',
  operationId: 'updateZone',
  tags: ['zones'],
  params: z.object({ id: idField() }),
  body: ZoneBodySchema,
  reply: ZoneSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const ZoneTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/zones/template.xlsx',
  access: 'EX-ZONE-LIST',
  summary: 'Download the zone import template',
  operationId: 'downloadZoneTemplate',
  tags: ['zones'],
  reply: { binary: XLSX_MIME, description: 'Template_import_zone.xlsx: the SPEC headers and one example row' },
});

export const ExportZonesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/zones/export.xlsx',
  access: 'EX-ZONE-LIST',
  summary: 'Export every zone as an xlsx in the import template',
  operationId: 'exportZones',
  tags: ['zones'],
  reply: { binary: XLSX_MIME, description: 'Zones.xlsx: one row per zip code range' },
});

export const ImportZonesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/zones/import',
  access: 'EX-ZONE-MANAGE',
  summary: 'Import zones from the template',
  description:
    'Zones are created or replaced by code, all or nothing. `onlyValidate=true` checks the file and writes nothing. A bad file answers 400 (IMPORT_ROWS_INVALID names every bad cell).',
  operationId: 'importZones',
  tags: ['zones'],
  query: z.object({ onlyValidate: z.enum(['true', 'false']).optional(), skipRows: SkipRowsField }),
  multipart: XLSX_UPLOAD,
  reply: ZoneImportResultSchema,
});

// ---------- taxes ----------
export const ListTaxesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/taxes',
  access: 'EX-TAX-LIST',
  summary: 'List taxes',
  operationId: 'listTaxes',
  tags: ['taxes'],
  query: ListQuerySchema.extend({ country: textField().regex(/^[A-Z]{2}$/, 'validation.country.code').optional() }),
  reply: PageReplySchema(TaxSchema),
});

export const CreateTaxEndpoint = defineEndpoint({
  method: 'POST',
  path: '/taxes',
  access: 'EX-TAX-MANAGE',
  summary: 'Create a tax',
  description:
    'One active tax per country, province and carrier: quotes use one. A second active tax for the same place answers 409 TAX_OVERLAP on `province`, naming the tax already there.',
  operationId: 'createTax',
  tags: ['taxes'],
  body: TaxBodySchema,
  reply: TaxSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateTaxEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/taxes/:id',
  access: 'EX-TAX-MANAGE',
  summary: 'Update a tax',
  description: 'Also how a tax is activated (`status: active`): refused with 409 TAX_OVERLAP on `province` when another active tax has the same country, province and carrier.',
  operationId: 'updateTax',
  tags: ['taxes'],
  params: z.object({ id: idField() }),
  body: TaxBodySchema,
  reply: TaxSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const DeleteTaxEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/taxes/:id',
  access: 'EX-TAX-MANAGE',
  summary: 'Delete a tax',
  operationId: 'deleteTax',
  tags: ['taxes'],
  params: z.object({ id: idField() }),
  reply: z.null(),
  message: 'catalog.deleted',
  errors: [404],
});

// ---------- carrier config (routing) ----------
export const ListCarrierConfigsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/carrier-configs',
  access: 'EX-CARRIER-CONFIG',
  summary: 'List carrier routing rules',
  description: '`keyword` matches the service code.',
  operationId: 'listCarrierConfigs',
  tags: ['carrier config'],
  query: ListQuerySchema.extend({ serviceId: idField().optional() }),
  reply: PageReplySchema(CarrierConfigSchema),
});

export const CreateCarrierConfigEndpoint = defineEndpoint({
  method: 'POST',
  path: '/carrier-configs',
  access: 'EX-CARRIER-CONFIG',
  summary: 'Create a carrier routing rule',
  description: 'Service, carriers and warehouses must exist (400 REFERENCE_NOT_FOUND); one rule per service and priority (409 PRIORITY_TAKEN).',
  operationId: 'createCarrierConfig',
  tags: ['carrier config'],
  body: CarrierConfigBodySchema,
  reply: CarrierConfigSchema,
  status: 201,
  message: 'catalog.saved',
  errors: [409],
});

export const UpdateCarrierConfigEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/carrier-configs/:id',
  access: 'EX-CARRIER-CONFIG',
  summary: 'Update a carrier routing rule',
  operationId: 'updateCarrierConfig',
  tags: ['carrier config'],
  params: z.object({ id: idField() }),
  body: CarrierConfigBodySchema,
  reply: CarrierConfigSchema,
  message: 'catalog.saved',
  errors: [404, 409],
});

export const DeleteCarrierConfigEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/carrier-configs/:id',
  access: 'EX-CARRIER-CONFIG',
  summary: 'Delete a carrier routing rule',
  operationId: 'deleteCarrierConfig',
  tags: ['carrier config'],
  params: z.object({ id: idField() }),
  reply: z.null(),
  message: 'catalog.deleted',
  errors: [404],
});

// ---------- price tables ----------
export const ListSellPricesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pricing/sell-prices',
  access: 'EX_VIEW_PRICING',
  summary: 'Sell price brackets of every active service',
  operationId: 'listSellPrices',
  tags: ['pricing'],
  reply: z.array(SellPriceSchema),
});

export const ListPriceVersionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pricing/versions/:kind',
  access: 'EX-PRICING-MANAGE',
  summary: 'The 50 latest imported versions of a price table',
  operationId: 'listPriceVersions',
  tags: ['pricing'],
  params: z.object({ kind: z.enum(['service', 'carrier']) }),
  reply: z.array(PriceVersionSchema),
});

export const PreviewPriceVersionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pricing/version/:id/preview',
  access: 'EX-PRICING-MANAGE',
  summary: 'Before/after prices of recent quotes with this version',
  operationId: 'previewPriceVersion',
  tags: ['pricing'],
  params: z.object({ id: idField() }),
  reply: PricePreviewSchema,
  errors: [404],
});

export const ActivatePriceVersionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pricing/version/:id/activate',
  access: 'EX-PRICING-MANAGE',
  summary: 'Activate a draft price version',
  description: 'The active version of the same kind is archived. Only drafts (409 PRICE_VERSION_NOT_DRAFT).',
  operationId: 'activatePriceVersion',
  tags: ['pricing'],
  params: z.object({ id: idField() }),
  reply: PriceVersionSchema,
  message: 'catalog.priceVersionActivated',
  errors: [404, 409],
});

export const DeletePriceVersionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/pricing/version/:id',
  access: 'EX-PRICING-MANAGE',
  summary: 'Delete a draft price version',
  operationId: 'deletePriceVersion',
  tags: ['pricing'],
  params: z.object({ id: idField() }),
  reply: z.null(),
  message: 'catalog.deleted',
  errors: [404, 409],
});

export const PriceTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pricing/template/:kind',
  access: 'EX-PRICING-MANAGE',
  summary: 'Download the service or carrier price import template',
  operationId: 'downloadPriceTemplate',
  tags: ['pricing'],
  params: z.object({ kind: z.enum(['service', 'carrier']) }),
  reply: { binary: XLSX_MIME, description: 'The SPEC headers and one example row' },
});

export const ExportPriceTableEndpoint = defineEndpoint({
  method: 'GET',
  path: '/pricing/export/:kind',
  access: 'EX-PRICING-MANAGE',
  summary: 'Export a price table version (the active one by default) as an xlsx',
  operationId: 'exportPriceTable',
  tags: ['pricing'],
  params: z.object({ kind: z.enum(['service', 'carrier']) }),
  query: z.object({ versionId: idField().optional() }),
  reply: { binary: XLSX_MIME, description: 'The rows in the import template, services and carriers by code' },
});

export const ImportPriceTableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/pricing/import/:kind',
  access: 'EX-PRICING-MANAGE',
  summary: 'Import a price table as a new draft version',
  description:
    'Answers 201 with the draft version; with `onlyValidate=true` the file is only checked (200, `version` null). A bad file answers 400 (IMPORT_ROWS_INVALID names every bad cell) and writes nothing.',
  operationId: 'importPriceTable',
  tags: ['pricing'],
  params: z.object({ kind: z.enum(['service', 'carrier']) }),
  query: z.object({ onlyValidate: z.enum(['true', 'false']).optional(), skipRows: SkipRowsField }),
  multipart: XLSX_UPLOAD,
  reply: PriceImportResultSchema,
  status: 201,
  message: 'catalog.priceVersionImported',
});

// ---------- the quote ----------
export const QuoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/quote',
  access: 'EX-QUOTE',
  summary: 'Price a parcel',
  description:
    'Sellers get their price; staff also get the routing, cost and margin, and may quote for a customer (`customerId`). 422 when no service can carry the parcel or the discount code does not apply.',
  operationId: 'quote',
  readOnly: true,
  tags: ['quote'],
  body: QuoteBodySchema,
  reply: QuoteReplySchema,
  errors: [422],
});

export const QuoteRatesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/quote/rates',
  access: 'EX-QUOTE',
  summary: 'Compare the rates of every service for a parcel',
  description:
    'Prices the parcel with every active service the caller may use (a service routed only for other customers is left out), cheapest first, each with its carrier, transit days and fee lines. Services that cannot carry the parcel are listed in `unavailable` with the reason. Staff may quote for a customer (`customerId`) and also get the routing, cost and margin of each rate. A discount code for some services only is applied where it may be; 422 when it applies to none, or does not apply at all.',
  operationId: 'quoteRates',
  readOnly: true,
  tags: ['quote'],
  body: QuoteRatesBodySchema,
  reply: QuoteRatesReplySchema,
  errors: [422],
});
