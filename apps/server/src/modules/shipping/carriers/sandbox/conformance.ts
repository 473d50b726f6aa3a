import type { ConformanceDriver } from '../conformance.kit';

/** Offline: nothing to reach, nothing on a wire that can time out or come back malformed. */
export const driver: ConformanceDriver = {
  pluginId: 'sandbox',
  start: async () => ({ settings: {}, knowsItsNumbers: false, stop: async () => {} }),
};
