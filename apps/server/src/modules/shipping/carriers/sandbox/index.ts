import { defineCarrierPlugin } from '../plugin';
import { SANDBOX_EVENT_CODES, sandboxCarrier } from './adapter';

export { SANDBOX_LOST_MARK, sandboxCarrier } from './adapter';

/** The offline carrier: no settings, labels and tracking made locally (tests, demos, a carrier with no connection). */
export const sandboxPlugin = defineCarrierPlugin({
  id: 'sandbox',
  name: 'Sandbox',
  labelKey: 'net.connection.plugin.sandbox',
  helpKey: 'net.connection.pluginHelp.sandbox',
  settings: {},
  capabilities: { void: true, trackingCancel: { normal: true, force: true }, manifest: true, batchTracking: true },
  eventCodes: SANDBOX_EVENT_CODES,
  create: (_settings, ctx) => sandboxCarrier({ now: ctx.now, speed: ctx.sandboxSpeed }),
});
