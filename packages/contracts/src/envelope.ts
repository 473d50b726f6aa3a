import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** SPEC §7: every reply is `{ success, message, data }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** Facts about the refusal, e.g. `{ permission }` on 403 or `{ status, action }` on 409. */
  details: z.record(z.string(), z.unknown()).optional(),
  /** What the refused call answers with where its contract says so: a failed row check's rows, each with its `errors`. */
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
export type OkEnvelope<T> = { success: true; message: string; data: T };
