import type { ConformanceDriver } from '../conformance.kit';
import { startFakeCarrier } from './fake-server';

/** Against the local fake carrier of docs/carrier-http-api.md. */
export const driver: ConformanceDriver = {
  pluginId: 'http',
  async start() {
    const fake = await startFakeCarrier({ hangMs: 1500 });
    return {
      settings: { baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 1000 },
      labelsMade: () => fake.labels.size,
      failNext: (fault) => fake.failNext(fault),
      knowsItsNumbers: true,
      stop: () => fake.close(),
    };
  },
};
