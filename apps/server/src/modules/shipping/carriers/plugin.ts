import { z } from 'zod';
import { isMetadataHost, optionalHttpUrlField, ROUTING_STATUSES, textField, type CarrierCapabilities, type CarrierPluginInfo, type CarrierSettingField, type RoutingStatus } from '@exship/contracts';
import { CarrierError, type CarrierAdapter, type CarrierEvent } from './types';
import type { OutboundFetch } from '../../../platform/outbound';

// What a carrier plugin declares (one folder per carrier under carriers/, as Karrio keeps one
// connector per carrier): its id and name, its connection settings (zod, with what the staff form
// needs to draw each field), which of them are secret, what it can do, how its event codes read as
// SPEC §4 routing statuses, and `create`, which makes the adapter from stored settings.

/** One setting: its zod check plus what the form shows. `secret` fields are sealed at rest and never returned. */
export interface SettingSpec<T = unknown> {
  kind: CarrierSettingField['kind'];
  labelKey: string;
  helpKey?: string;
  required: boolean;
  schema: z.ZodType<T>;
  default?: string | number;
  min?: number;
  max?: number;
  maxLength?: number;
  unit?: string;
}
export type SettingSpecs = Record<string, SettingSpec>;
export type SettingsOf<F extends SettingSpecs> = { [K in keyof F]: F[K] extends SettingSpec<infer T> ? T : never };

/** What a plugin's adapter may take from the app. */
export interface CarrierContext {
  now: () => Date;
  /** The sandbox's time scale (1 = a parcel takes 100 hours). */
  sandboxSpeed: number;
  /** Every HTTP call a plugin makes goes through the app's outbound client. */
  fetch: OutboundFetch;
}

export interface CarrierPlugin<F extends SettingSpecs = SettingSpecs> {
  /** Stored in carrier_connections.plugin: never change it once used. */
  id: string;
  name: string;
  /** Web i18n keys of the plugin's name and its one-line help. */
  labelKey: string;
  helpKey?: string;
  settings: F;
  capabilities: CarrierCapabilities;
  /** The carrier's event codes → SPEC §4 routing statuses; a code not listed reads as `unknownCode`. */
  eventCodes: Readonly<Record<string, RoutingStatus>>;
  unknownCode?: RoutingStatus;
  create(settings: SettingsOf<F>, ctx: CarrierContext): CarrierAdapter;
}

export const defineCarrierPlugin = <F extends SettingSpecs>(plugin: CarrierPlugin<F>): CarrierPlugin<F> => plugin;

// ——— setting kinds ——————————————————————————————————————————————————————————————————————————

export function textSetting(o: { labelKey: string; helpKey?: string; required?: boolean; maxLength?: number; default?: string }): SettingSpec<string> {
  const max = o.maxLength ?? 200;
  const base = textField().trim().max(max, 'validation.tooLong');
  return { kind: 'text', labelKey: o.labelKey, helpKey: o.helpKey, required: o.required ?? false, maxLength: max, default: o.default, schema: required(base, o.required, o.default ?? '') };
}

/** An http(s) URL the server will call: link-local and cloud metadata hosts are refused. */
export function urlSetting(o: { labelKey: string; helpKey?: string; required?: boolean; maxLength?: number }): SettingSpec<string> {
  const max = o.maxLength ?? 500;
  const base = optionalHttpUrlField(max).refine((v) => !isMetadataHost(v), 'validation.url.forbiddenHost');
  return { kind: 'url', labelKey: o.labelKey, helpKey: o.helpKey, required: o.required ?? false, maxLength: max, schema: required(base, o.required, '') };
}

export function secretSetting(o: { labelKey: string; helpKey?: string; required?: boolean; maxLength?: number }): SettingSpec<string> {
  const max = o.maxLength ?? 500;
  return { kind: 'secret', labelKey: o.labelKey, helpKey: o.helpKey, required: o.required ?? false, maxLength: max, schema: required(textField().max(max, 'validation.tooLong'), o.required, '') };
}

export function numberSetting(o: { labelKey: string; helpKey?: string; min: number; max: number; default: number; unit?: string }): SettingSpec<number> {
  const schema = z.coerce.number({ error: 'validation.number' }).int('validation.number').min(o.min, 'validation.number').max(o.max, 'validation.number').default(o.default);
  return { kind: 'number', labelKey: o.labelKey, helpKey: o.helpKey, required: true, min: o.min, max: o.max, default: o.default, unit: o.unit, schema: schema as unknown as z.ZodType<number> };
}

function required(base: z.ZodType<string>, isRequired: boolean | undefined, fallback: string): z.ZodType<string> {
  const withDefault = base.default(fallback) as unknown as z.ZodType<string>;
  return isRequired ? withDefault.refine((v) => v !== '', 'validation.required') : withDefault;
}

// ——— reading a plugin ——————————————————————————————————————————————————————————————————————

export const secretNames = (p: CarrierPlugin): string[] => Object.entries(p.settings).flatMap(([name, s]) => (s.kind === 'secret' ? [name] : []));

/** The zod schema of a plugin's settings (secrets included). */
export const settingsSchema = (p: CarrierPlugin) => z.object(Object.fromEntries(Object.entries(p.settings).map(([name, s]) => [name, s.schema])));

/** What `GET /carrier-plugins` says about a plugin. */
export function pluginInfo(p: CarrierPlugin): CarrierPluginInfo {
  return {
    id: p.id,
    name: p.name,
    labelKey: p.labelKey,
    helpKey: p.helpKey ?? null,
    fields: Object.entries(p.settings).map(([name, s]) => ({
      name,
      kind: s.kind,
      labelKey: s.labelKey,
      helpKey: s.helpKey ?? null,
      required: s.required,
      ...(s.default === undefined ? {} : { default: s.default }),
      min: s.min ?? null,
      max: s.max ?? null,
      maxLength: s.maxLength ?? null,
      unit: s.unit ?? null,
    })),
    capabilities: p.capabilities,
  };
}

// ——— events ——————————————————————————————————————————————————————————————————————————————————

const isRoutingStatus = (s: unknown): s is RoutingStatus => typeof s === 'string' && (ROUTING_STATUSES as readonly string[]).includes(s);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A raw carrier event as a routing event: a §4 status sent as is wins, else the plugin's code map. */
export function normaliseEvent(p: Pick<CarrierPlugin, 'eventCodes' | 'unknownCode'>, raw: unknown): CarrierEvent {
  if (!raw || typeof raw !== 'object') throw new CarrierError('malformed', 'an event is not an object');
  const e = raw as Record<string, unknown>;
  const at = new Date(str(e.at));
  if (Number.isNaN(at.getTime())) throw new CarrierError('malformed', 'an event has no valid time');
  const code = str(e.code).toUpperCase().slice(0, 32);
  const status: RoutingStatus = isRoutingStatus(e.status) ? e.status : (p.eventCodes[code] ?? p.unknownCode ?? 'in-transit');
  return { at, status, code: code || status, description: str(e.description).slice(0, 500), city: str(e.city).slice(0, 100), state: str(e.state).slice(0, 100), country: str(e.country).slice(0, 2) };
}
