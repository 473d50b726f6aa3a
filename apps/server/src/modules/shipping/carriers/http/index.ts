import { defineCarrierPlugin, numberSetting, secretSetting, urlSetting } from '../plugin';
import { HTTP_EVENT_CODES, httpCarrier } from './adapter';

export { httpCarrier, type HttpCarrierOptions } from './adapter';

/** A carrier speaking the JSON API of docs/carrier-http-api.md at a base URL with a bearer key. */
export const httpPlugin = defineCarrierPlugin({
  id: 'http',
  name: 'HTTP API',
  labelKey: 'net.connection.plugin.http',
  helpKey: 'net.connection.pluginHelp.http',
  settings: {
    baseUrl: urlSetting({ labelKey: 'net.connection.field.baseUrl', required: true }),
    apiKey: secretSetting({ labelKey: 'net.connection.field.apiKey', required: true }),
    timeoutMs: numberSetting({ labelKey: 'net.connection.field.timeoutMs', min: 1000, max: 60_000, default: 10_000, unit: 'ms' }),
  },
  capabilities: { void: true, trackingCancel: { normal: true, force: true }, manifest: false, batchTracking: true },
  eventCodes: HTTP_EVENT_CODES,
  create: (s, ctx) => httpCarrier({ baseUrl: s.baseUrl, apiKey: s.apiKey, timeoutMs: s.timeoutMs, fetch: ctx.fetch }),
});
