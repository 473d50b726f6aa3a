import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARRIER_PRICE_TEMPLATE,
  SERVICE_PRICE_TEMPLATE,
  ZONE_TEMPLATE,
  ZoneBodySchema,
  type FieldError,
} from '@exship/contracts';
import { findOverlaps, fromCents } from '@exship/domain';
import { authOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { readUpload, registerUploads } from '../../platform/storage';
import { readSheet, sendXlsx, rowField, rowsInvalidError, templateWorkbook, type SheetRow, type SheetTemplate } from '../../platform/xlsx';
import type { CatalogService } from './catalog.service';
import type { CarrierPriceRow, PricingService, ServicePriceRow } from './pricing.service';

// Issue #3: zone and price-table xlsx templates, imports (per-row errors, error workbook, nothing
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

export const catalogImportRoutes =
  (catalog: CatalogService, pricing: PricingService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, MAX_BYTES);
    const onlyValidate = z.object({ onlyValidate: z.enum(['true', 'false']).optional() });
    const kindParam = z.object({ kind: z.enum(['service', 'carrier']) });

    // ---------- zones ----------
    app.get('/zones/template.xlsx', { config: { access: 'EX-ZONE-LIST' }, schema: { tags: ['zones'] } }, async (_req, reply) =>
      sendXlsx(reply, 'Template_import_zone.xlsx', await templateWorkbook(zoneTemplate, [['West coast', 'US_WEST', 'US', 'CA,OR,WA', '90000', '96199']])),
    );
    app.get('/zones/export.xlsx', { config: { access: 'EX-ZONE-LIST' }, schema: { tags: ['zones'] } }, async (_req, reply) => {
      const rows = (await catalog.allZones()).flatMap((z) =>
        (z.ranges.length ? z.ranges : [{ zipFrom: null, zipTo: null }]).map((r) => [z.name, z.code, z.country, z.states.join(','), r.zipFrom, r.zipTo]),
      );
      return sendXlsx(reply, 'Zones.xlsx', await templateWorkbook({ ...zoneTemplate, maxRows: Math.max(rows.length, 1) }, rows));
    });
    app.post('/zones/import', { config: { access: 'EX-ZONE-MANAGE' }, schema: { tags: ['zones'], querystring: onlyValidate } }, async (req) => {
      const upload = await readUpload(req, MAX_BYTES);
      const rows = await readSheet(upload, zoneTemplate);
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
      const bodies: z.infer<typeof ZoneBodySchema>[] = [];
      for (const { body, rows: zoneRows } of byCode.values()) {
        const parsed = ZoneBodySchema.safeParse(body);
        if (parsed.success) bodies.push(parsed.data);
        else for (const issue of parsed.error.issues) zoneRows[0]!.errors.push(zoneIssue(zoneRows[0]!.row, issue.path, issue.message));
      }
      if (rows.some((r) => r.errors.length)) throw await rowsInvalidError({ tpl: zoneTemplate, rows, fileName: upload.fileName, lang: req.lang, timeZone: authOf(req).timeZone });
      if (req.query.onlyValidate === 'true') return ok(req, { rows: rows.length, zones: bodies.length, imported: false });
      await catalog.upsertZones(bodies);
      return ok(req, { rows: rows.length, zones: bodies.length, imported: true }, 'catalog.saved');
    });

    // ---------- price tables ----------
    app.get('/pricing/template/:kind', { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: kindParam } }, async (req, reply) =>
      req.params.kind === 'service'
        ? sendXlsx(reply, 'Template_service_price.xlsx', await templateWorkbook(serviceTemplate, [['STD', 0, 500, 8, 0.5, 'active']]))
        : sendXlsx(reply, 'Template_carrier_price.xlsx', await templateWorkbook(carrierTemplate, [['SBT', 'STD', 'LAX1', 'Z1', 0, 500, 5, 0.2, 'active']])),
    );

    app.get(
      '/pricing/export/:kind',
      { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: kindParam, querystring: z.object({ versionId: z.string().uuid().optional() }) } },
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

    app.post(
      '/pricing/import/:kind',
      { config: { access: 'EX-PRICING-MANAGE' }, schema: { tags: ['pricing'], params: kindParam, querystring: onlyValidate } },
      async (req, reply) => {
        const auth = authOf(req);
        const upload = await readUpload(req, MAX_BYTES);
        const maps = await catalog.codeMaps();
        const tpl = req.params.kind === 'service' ? serviceTemplate : carrierTemplate;
        const rows = await readSheet(upload, tpl as SheetTemplate<string>);
        let parsed: ServicePriceRow[] | CarrierPriceRow[];
        if (req.params.kind === 'service') {
          const items = (rows as Row<typeof serviceTemplate>[]).map((r) => {
            checkWeights(r);
            const value = {
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
          parsed = items.map((i) => i.value);
        } else {
          const items = (rows as Row<typeof carrierTemplate>[]).map((r) => {
            checkWeights(r);
            const value = {
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
          parsed = items.map((i) => i.value);
        }
        if (rows.some((r) => r.errors.length)) throw await rowsInvalidError({ tpl: tpl as SheetTemplate, rows, fileName: upload.fileName, lang: req.lang, timeZone: auth.timeZone });
        if (req.query.onlyValidate === 'true') return ok(req, { rows: rows.length, version: null });
        const version = await pricing.createVersion(req.params.kind, upload.fileName, auth, parsed);
        return reply.code(201).send(ok(req, { rows: rows.length, version }, 'catalog.priceVersionImported'));
      },
    );
  };

function zoneIssue(row: number, path: PropertyKey[], message: string): FieldError {
  const header: Record<string, string> = { code: 'Zone code', name: 'Zone name', country: 'Country', states: 'States', ranges: 'Zipcode from' };
  return { field: rowField(row, header[String(path[0])] ?? 'Zone code'), message };
}

