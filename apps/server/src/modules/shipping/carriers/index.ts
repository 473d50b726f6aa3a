import { httpPlugin } from './http';
import type { CarrierPlugin } from './plugin';
import { createCarrierRegistry } from './registry';
import { sandboxPlugin } from './sandbox';

// The built-in carrier plugins. A new carrier is a folder beside these (its settings, event codes
// and adapter, see plugin.ts) and one line here.
export const BUILT_IN_CARRIER_PLUGINS: readonly CarrierPlugin<any>[] = [
  sandboxPlugin,
  httpPlugin,
];

/** A registry of the built-in plugins (each app gets its own; tests may register more on theirs). */
export const builtInCarriers = () => createCarrierRegistry(BUILT_IN_CARRIER_PLUGINS);

export { adapterOf, createCarrierRegistry, registerCarrierPlugin, type CarrierRegistry } from './registry';
export { defineCarrierPlugin, normaliseEvent, pluginInfo, type CarrierContext, type CarrierPlugin } from './plugin';
export * from './types';
