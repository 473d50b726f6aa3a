import { CARRIER_PLUGIN_ID_PATTERN, ROUTING_STATUSES } from '@exship/contracts';
import { settingsSchema, type CarrierContext, type CarrierPlugin, type SettingSpecs } from './plugin';
import { CarrierError, type BoughtLabel, type CarrierAdapter, type CarrierEvent, type TrackItem, type TrackResult } from './types';

// The carrier plugins an app knows. Each app holds its own registry (tests add plugins to theirs
// without touching another app's); carriers/index.ts lists the built-in plugins, one line each.

export interface CarrierRegistry {
  get(id: string): CarrierPlugin | undefined;
  list(): readonly CarrierPlugin[];
}

export function createCarrierRegistry(plugins: readonly CarrierPlugin<any>[] = []): CarrierRegistry & { plugins: CarrierPlugin[] } {
  const registry = { plugins: [] as CarrierPlugin[], get: (id: string) => registry.plugins.find((p) => p.id === id), list: () => registry.plugins };
  for (const p of plugins) registerCarrierPlugin(registry, p);
  return registry;
}

/** Adds a plugin; its id must be new and its event codes must name SPEC §4 routing statuses. */
export function registerCarrierPlugin<F extends SettingSpecs>(registry: { plugins: CarrierPlugin[] }, plugin: CarrierPlugin<F>): void {
  if (!CARRIER_PLUGIN_ID_PATTERN.test(plugin.id)) throw new Error(`carrier plugin id "${plugin.id}" must be lowercase letters, digits and dashes`);
  if (registry.plugins.some((p) => p.id === plugin.id)) throw new Error(`carrier plugin "${plugin.id}" is registered twice`);
  const statuses = ROUTING_STATUSES as readonly string[];
  for (const [code, status] of Object.entries(plugin.eventCodes)) {
    if (!statuses.includes(status)) throw new Error(`carrier plugin "${plugin.id}": event code ${code} maps to "${status}", not a routing status`);
  }
  registry.plugins.push(plugin as unknown as CarrierPlugin);
}

const TRACKING_NUMBER = /^[0-9A-Z]{8,34}$/;
const statuses = new Set<string>(ROUTING_STATUSES);

/** Anything a plugin throws that is not a CarrierError is a reply it could not read: malformed, retried. */
function asCarrierError(err: unknown): CarrierError {
  if (err instanceof CarrierError) return err;
  return new CarrierError('malformed', `the carrier's reply could not be read: ${(err as Error)?.message ?? String(err)}`.slice(0, 300));
}
const guard = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw asCarrierError(err);
  }
};

function checkEvents(events: unknown): CarrierEvent[] {
  if (!Array.isArray(events)) throw new CarrierError('malformed', 'events is not a list');
  for (const e of events as CarrierEvent[]) {
    if (!(e?.at instanceof Date) || Number.isNaN(e.at.getTime()) || !statuses.has(e.status)) throw new CarrierError('malformed', 'an event has no valid time or routing status');
  }
  return events as CarrierEvent[];
}

function checkLabel(l: BoughtLabel): BoughtLabel {
  if (!l || typeof l !== 'object' || !TRACKING_NUMBER.test(String(l.trackingNumber))) throw new CarrierError('malformed', 'the reply has no valid trackingNumber');
  return { ...l, shipmentId: l.shipmentId || l.trackingNumber, events: checkEvents(l.events ?? []) };
}

/**
 * The adapter of a stored connection: settings checked by the plugin's schema (a connection that no
 * longer passes is refused, not retried), the plugin's replies checked the same way for every
 * plugin, and its capabilities applied (no void → the carrier refuses; no batch → one call per number).
 */
export function adapterOf(plugin: CarrierPlugin, stored: Record<string, unknown>, ctx: CarrierContext): CarrierAdapter {
  const parsed = settingsSchema(plugin).safeParse(stored);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    const refused = async (): Promise<never> => {
      throw new CarrierError('rejected', `the ${plugin.name} connection is incomplete (${field}): set it again`);
    };
    return { kind: plugin.id, buyLabel: refused, voidLabel: refused, track: refused };
  }
  const inner = plugin.create(parsed.data as never, ctx);
  const caps = plugin.capabilities;
  return {
    kind: plugin.id,
    buyLabel: (req, key) => guard(async () => checkLabel(await inner.buyLabel(req, key))),
    voidLabel: (shipment, key) =>
      guard(async () => {
        if (!caps.void) return 'refused';
        const r = await inner.voidLabel(shipment, key);
        if (r !== 'voided' && r !== 'refused' && r !== 'pending') throw new CarrierError('malformed', 'the void reply has no valid status');
        return r;
      }),
    track: (items) =>
      guard(async () => {
        const results: TrackResult[] = [];
        const batches: (readonly TrackItem[])[] = caps.batchTracking ? [items] : items.map((i) => [i]);
        for (const batch of batches) {
          if (batch.length === 0) continue;
          const got = await inner.track(batch);
          if (!Array.isArray(got)) throw new CarrierError('malformed', 'the tracking reply is not a list');
          const byNumber = new Map(got.map((r) => [r?.trackingNumber, r]));
          for (const item of batch) {
            const r = byNumber.get(item.trackingNumber);
            results.push(r ? { trackingNumber: item.trackingNumber, found: r.found !== false, events: checkEvents(r.events ?? []) } : { trackingNumber: item.trackingNumber, found: false, events: [] });
          }
        }
        return results;
      }),
  };
}
