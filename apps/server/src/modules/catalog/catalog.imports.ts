import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARRIER_PRICE_TEMPLATE,
  ExportPriceTableEndpoint,
  ExportZonesEndpoint,
  ImportPriceTableEndpoint,
  ImportZonesEndpoint,
  PriceTemplateEndpoint,
  SERVICE_PRICE_TEMPLATE,
  ZoneTemplateEndpoint,
  ZONE_TEMPLATE,
  ZoneBodySchema,
  type FieldError,
} from '@exship/contracts';
import { findOverlaps, fromCents } from '@exship/domain';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { defineImport, sendImportStart, type ImportRunner } from '../../platform/imports';
import { readUpload, registerUploads } from '../../platform/storage';
import { sendXlsx, rowField, templateWorkbook, type SheetRow, type SheetTemplate } from '../../platform/xlsx';
import type { CatalogService } from './catalog.service';
import type { CarrierPriceRow, PricingService, ServicePriceRow } from './pricing.service';

// Zone and price-table xlsx templates, imports (per-row errors, error workbook, nothing
// written on a bad file) and exports. SPEC §5: xlsx only, under 10 MB.
const MAX_BYTES = 10 * 1024 * 1024;
const STATUS_LIST = ['active', 'inactive'] as const;

const zoneTemplate: SheetTemplate<(typeof ZONE_TEMPLATE)[number]> = {
  sheetName: 'Zones',
  maxRows: 10_000,
  maxBytes: MAX_BYTES,
  columns: [
    { header: 'Zone name', kind: 'text', required: true },
    { header: 'Zone code', kind: 'text', required: true },
    { header: 'Country', kind: 'text', required: true },
    { header: 'States', kind: 'text' },
    { header: 'Zipcode from', kind: 'text' },
    { header: 'Zipcode to', kind: 'text' },
  ],
};
const serviceTemplate: SheetTemplate<(typeof SERVICE_PRICE_TEMPLATE)[number]> = {
  sheetName: 'Service prices',
  maxRows: 10_000,
  maxBytes: MAX_BYTES,
  columns: [
    { header: 'Service_code', kind: 'text', required: true },
    { header: 'Weight_from', kind: 'number', required: true },
    { header: 'Weight_to', kind: 'number', required: true },
    { header: 'Shipping_fee', kind: 'number', required: true },
    { header: 'Seasonal_fee', kind: 'number' },
    { header: 'Status', kind: 'text', list: STATUS_LIST },
  ],
};
const carrierTemplate: SheetTemplate<(typeof CARRIER_PRICE_TEMPLATE)[number]> = {
  sheetName: 'Carrier prices',
  maxRows: 10_000,
  maxBytes: MAX_BYTES,
  columns: [
    { header: 'Carrier_code', kind: 'text', required: true },
    { header: 'Service_code', kind: 'text', required: true },
    { header: 'Warehouse_code', kind: 'text', required: true },
    { header: 'Zone_code', kind: 'text', required: true },
    { header: 'Weight_from', kind: 'number', required: true },
    { header: 'Weight_to', kind: 'number', required: true },
    { header: 'Last_mile_cost', kind: 'number', required: true },
    { header: 'Seasonal_cost', kind: 'number' },
    { header: 'Status', kind: 'text', list: STATUS_LIST },
  ],
};

type Row<T extends SheetTemplate> = T extends SheetTemplate<infer H> ? SheetRow<H> : never;

/** Weights: whole grams, 0 to 999,999, from below to. */
function checkWeights(r: SheetRow<'Weight_from' | 'Weight_to'>): void {
  const from = r.values.Weight_from;
  const to = r.values.Weight_to;
  for (const [h, v] of [['Weight_from', from], ['Weight_to', to]] as const) {
    if (typeof v === 'number' && (!Number.isInteger(v) || v < 0 || v > 999_999)) r.errors.push({ field: rowField(r.row, h), message: 'validation.weight.range' });
  }
  if (typeof from === 'number' && typeof to === 'number' && from >= to) r.errors.push({ field: rowField(r.row, 'Weight_to'), message: 'validation.weight.minBelowMax' });
}

/** Money: 0 to 999,999 USD with at most 2 decimals → cents. */
function cents<H extends string>(r: SheetRow<H>, header: H): number {
  const v = r.values[header];
  if (v === null) return 0;
  if (typeof v !== 'number' || v < 0 || v > 999_999 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
    r.errors.push({ field: rowField(r.row, header), message: 'validation.money.range' });
    return 0;
  }
  return Math.round(v * 100);
}

function status<H extends string>(r: SheetRow<H | 'Status'>): 'active' | 'inactive' {
  const v = r.values.Status;
  if (v === null) return 'active';
  const s = String(v).toLowerCase();
  if (s === 'active' || s === 'inactive') return s;
  r.errors.push({ field: rowField(r.row, 'Status'), message: 'import.dropdown' });
  return 'active';
}

function codeRef<H extends string>(r: SheetRow<H>, header: H, map: Map<string, string>): string {
  const code = String(r.values[header] ?? '').toUpperCase();
  const id = map.get(code);
  if (!id && r.values[header] !== null) r.errors.push({ field: rowField(r.row, header), message: 'import.code.notFound' });
  return id ?? '';
}

/** Both rows of every overlapping pair get the error, so the file names them. */
function markOverlaps<T extends { from: number; to: number; key: string; row: SheetRow }>(items: T[]): void {
  for (const [a, b] of findOverlaps(items, (i) => i.key)) {
    for (const i of [a, b]) items[i]!.row.errors.push({ field: rowField(items[i]!.row.row, 'Weight_from'), message: 'error.OVERLAPPING_WEIGHT_RANGE' });
  }
}

type ZoneBody = z.infer<typeof ZoneBodySchema>;

/** The catalog's declared imports (platform/imports.ts): zones, service prices, carrier prices. */
export function catalogImports(catalog: CatalogService, pricing: PricingService) {
  const zones = defineImport({
    name: 'catalog.zones',
    template: zoneTemplate,
    async batchChecks(rows) {
      const byCode = new Map<string, { body: z.input<typeof ZoneBodySchema>; rows: Row<typeof zoneTemplate>[] }>();
      for (const r of rows) {
        const code = String(r.values['Zone code'] ?? '');
        const entry = byCode.get(code) ?? {
          body: { code, name: String(r.values['Zone name'] ?? ''), country: String(r.values.Country ?? ''), states: [], ranges: [] },
          rows: [],
        };
        const states = String(r.values.States ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        entry.body.states = [...new Set([...(entry.body.states ?? []), ...states])];
        const from = r.values['Zipcode from'];
        const to = r.values['Zipcode to'];
        if ((from === null) !== (to === null)) r.errors.push({ field: rowField(r.row, from === null ? 'Zipcode from' : 'Zipcode to'), message: 'validation.required' });
        else if (from !== null) entry.body.ranges!.push({ zipFrom: String(from), zipTo: String(to) });
        entry.rows.push(r);
        byCode.set(code, entry);
      }
      const bodies: ZoneBody[] = [];
      for (const { body, rows: zoneRows } of byCode.values()) {
        const parsed = ZoneBodySchema.safeParse(body);
        if (parsed.success) bodies.push(parsed.data);
        else for (const issue of parsed.error.issues) zoneRows[0]!.errors.push(zoneIssue(zoneRows[0]!.row, issue.path, issue.message));
      }
      return bodies;
    },
    commit: (_rows, tx, _actor, bodies) => catalog.upsertZones(bodies, tx),
    afterCommit: () => catalog.catalogChanged(),
    summary: ({ rows, prepared, committed }) => ({ rows: rows.length, zones: prepared.length, imported: committed !== undefined }),
  });

  const servicePrices = defineImport({
    name: 'catalog.servicePrices',
    template: serviceTemplate,
    async batchChecks(rows, tx) {
      const maps = await catalog.codeMaps(tx);
      const items = rows.map((r) => {
        checkWeights(r);
        const value: ServicePriceRow = {
          serviceId: codeRef(r, 'Service_code', maps.services),
          weightFrom: Number(r.values.Weight_from),
          weightTo: Number(r.values.Weight_to),
          shippingFeeCents: cents(r, 'Shipping_fee'),
          seasonalFeeCents: cents(r, 'Seasonal_fee'),
          status: status(r),
        };
        return { value, row: r as SheetRow, from: value.weightFrom, to: value.weightTo, key: value.serviceId };
      });
      markOverlaps(items.filter((i) => i.value.status === 'active' && i.row.errors.length === 0));
      return items.map((i) => i.value);
    },
    commit: (_rows, tx, actor, parsed, file) => pricing.createVersion('service', file.fileName, actor, parsed, tx),
    summary: ({ rows, committed }) => ({ rows: rows.length, version: committed ?? null }),
  });

  const carrierPrices = defineImport({
    name: 'catalog.carrierPrices',
    template: carrierTemplate,
    async batchChecks(rows, tx) {
      const maps = await catalog.codeMaps(tx);
      const items = rows.map((r) => {
        checkWeights(r);
        const value: CarrierPriceRow = {
          carrierId: codeRef(r, 'Carrier_code', maps.carriers),
          serviceId: codeRef(r, 'Service_code', maps.services),
          warehouseId: codeRef(r, 'Warehouse_code', maps.warehouses),
          zoneId: codeRef(r, 'Zone_code', maps.zones),
          weightFrom: Number(r.values.Weight_from),
          weightTo: Number(r.values.Weight_to),
          lastMileCostCents: cents(r, 'Last_mile_cost'),
          seasonalCostCents: cents(r, 'Seasonal_cost'),
          status: status(r),
        };
        const key = `${value.carrierId}|${value.serviceId}|${value.warehouseId}|${value.zoneId}`;
        return { value, row: r as SheetRow, from: value.weightFrom, to: value.weightTo, key };
      });
      markOverlaps(items.filter((i) => i.value.status === 'active' && i.row.errors.length === 0));
      return items.map((i) => i.value);
    },
    commit: (_rows, tx, actor, parsed, file) => pricing.createVersion('carrier', file.fileName, actor, parsed, tx),
    summary: ({ rows, committed }) => ({ rows: rows.length, version: committed ?? null }),
  });

  return { zones, servicePrices, carrierPrices };
}

export const catalogImportRoutes =
  (catalog: CatalogService, pricing: PricingService, runner: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, MAX_BYTES);
    const defs = catalogImports(catalog, pricing);
    runner.declare(defs.zones, defs.servicePrices, defs.carrierPrices);

    // ---------- zones ----------
    route(app, ZoneTemplateEndpoint, async (_req, reply) =>
      sendXlsx(reply, 'Template_import_zone.xlsx', await templateWorkbook(zoneTemplate, [['West coast', 'US_WEST', 'US', 'CA,OR,WA', '90000', '96199']])),
    );
    route(app, ExportZonesEndpoint, async (_req, reply) => {
      const rows = (await catalog.allZones()).flatMap((z) =>
        (z.ranges.length ? z.ranges : [{ zipFrom: null, zipTo: null }]).map((r) => [z.name, z.code, z.country, z.states.join(','), r.zipFrom, r.zipTo]),
      );
      return sendXlsx(reply, 'Zones.xlsx', await templateWorkbook({ ...zoneTemplate, maxRows: Math.max(rows.length, 1) }, rows));
    });
    route(app, ImportZonesEndpoint, async (req, reply) => {
      const upload = await readUpload(req, MAX_BYTES);
      const started = await runner.start(defs.zones, authOf(req), upload, { onlyValidate: req.query.onlyValidate === 'true', skipRows: req.query.skipRows, lang: req.lang });
      return sendImportStart(req, reply, started, (r) => (r.imported ? 'catalog.saved' : 'import.validated'));
    });

    // ---------- price tables ----------
    route(app, PriceTemplateEndpoint, async (req, reply) =>
      req.params.kind === 'service'
        ? sendXlsx(reply, 'Template_service_price.xlsx', await templateWorkbook(serviceTemplate, [['STD', 0, 500, 8, 0.5, 'active']]))
        : sendXlsx(reply, 'Template_carrier_price.xlsx', await templateWorkbook(carrierTemplate, [['SBT', 'STD', 'LAX1', 'Z1', 0, 500, 5, 0.2, 'active']])),
    );

    route(
      app,
      ExportPriceTableEndpoint,
      async (req, reply) => {
        const { codeOf } = await catalog.codeMaps();
        const code = (m: Map<string, string>, id: string) => m.get(id) ?? '';
        const rows = await pricing.versionRows(req.params.kind, req.query.versionId);
        if (req.params.kind === 'service') {
          const data = (rows as ServicePriceRow[]).map((r) => [code(codeOf.services, r.serviceId), r.weightFrom, r.weightTo, fromCents(r.shippingFeeCents), fromCents(r.seasonalFeeCents), r.status ?? 'active']);
          return sendXlsx(reply, 'Service_prices.xlsx', await templateWorkbook({ ...serviceTemplate, maxRows: Math.max(data.length, 1) }, data));
        }
        const data = (rows as CarrierPriceRow[]).map((r) => [
          code(codeOf.carriers, r.carrierId), code(codeOf.services, r.serviceId), code(codeOf.warehouses, r.warehouseId), code(codeOf.zones, r.zoneId),
          r.weightFrom, r.weightTo, fromCents(r.lastMileCostCents), fromCents(r.seasonalCostCents), r.status ?? 'active',
        ]);
        return sendXlsx(reply, 'Carrier_prices.xlsx', await templateWorkbook({ ...carrierTemplate, maxRows: Math.max(data.length, 1) }, data));
      },
    );

    route(
      app,
      ImportPriceTableEndpoint,
      async (req, reply) => {
        const upload = await readUpload(req, MAX_BYTES);
        const only = req.query.onlyValidate === 'true';
        const opts = { onlyValidate: only, skipRows: req.query.skipRows, lang: req.lang };
        const started = req.params.kind === 'service' ? await runner.start(defs.servicePrices, authOf(req), upload, opts) : await runner.start(defs.carrierPrices, authOf(req), upload, opts);
        return sendImportStart(req, reply, started, only ? 'import.validated' : 'catalog.priceVersionImported', only ? 200 : 201);
      },
    );
  };

function zoneIssue(row: number, path: PropertyKey[], message: string): FieldError {
  const header: Record<string, string> = { code: 'Zone code', name: 'Zone name', country: 'Country', states: 'States', ranges: 'Zipcode from' };
  return { field: rowField(row, header[String(path[0])] ?? 'Zone code'), message };
}

