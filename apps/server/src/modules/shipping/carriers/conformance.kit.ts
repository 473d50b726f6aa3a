import type { CarrierPlugin } from './plugin';

// What the conformance suite (conformance.test.ts) needs to run against a plugin: each plugin folder
// holds a `conformance.ts` exporting `driver`, found by the suite without being listed anywhere.

export type ConformanceFault = 'malformed' | 'timeout';

export interface ConformanceSession {
  /** Settings (secrets included) that reach this session's carrier. */
  settings: Record<string, unknown>;
  /** Labels the carrier holds, when it can say: a retried purchase must not add one. */
  labelsMade?: () => number;
  /** Makes the carrier's next answer fail this way; absent for an offline plugin (nothing on a wire to fail). */
  failNext?: (fault: ConformanceFault) => void;
  /** Whether the carrier says "not found" for a number it never issued (the sandbox computes any number). */
  knowsItsNumbers: boolean;
  stop(): Promise<void>;
}

export interface ConformanceDriver {
  pluginId: string;
  /** A plugin that exists only for tests brings itself; built-in ones come from the registry. */
  plugin?: CarrierPlugin<any>;
  start(): Promise<ConformanceSession>;
}
