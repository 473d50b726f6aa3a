import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { idField } from './fields';

// Probes and test-only helpers. Keep zod calls inside the descriptors: the web build drops them
// there (schemas are types on the web).

export const HealthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/health',
  access: 'public',
  summary: 'Health probe: the server answers and names its database driver',
  operationId: 'getHealth',
  tags: ['system'],
  reply: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});

/** End-to-end suite only (E2E=1): the mail a browser journey triggered. Not in the public document. */
export const TestOutboxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/test/outbox',
  access: 'public',
  summary: 'Mail sent to an address (end-to-end tests only)',
  operationId: 'getTestOutbox',
  tags: ['system'],
  hidden: true,
  query: z.object({ to: z.string().min(3) }),
  reply: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })),
});

/** Jobs that failed after their last retry (the dead letters), for staff. */
export const ListDeadJobsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/jobs/dead',
  access: 'EX-CRONJOB-LIST',
  summary: 'Jobs that failed after their last retry',
  operationId: 'listDeadJobs',
  tags: ['jobs'],
  query: z.object({ limit: z.coerce.number().int('validation.invalid').min(1, 'validation.invalid').max(500, 'validation.invalid').default(100) }),
  reply: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      data: z.unknown(),
      error: z.string().nullable(),
      attempts: z.number().int(),
      createdAt: z.string(),
      failedAt: z.string().nullable(),
    }),
  ),
});

/** A queued or finished xlsx import of the caller (progress, result or error). */
export const GetImportRunEndpoint = defineEndpoint({
  method: 'GET',
  path: '/imports/:id',
  access: 'open',
  summary: 'Progress, result or error of one of your imports',
  operationId: 'getImportRun',
  tags: ['imports'],
  params: z.object({ id: idField() }),
  reply: z.object({
    id: z.string(),
    name: z.string(),
    fileName: z.string(),
    onlyValidate: z.boolean(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    progress: z.number().int().min(0).max(100),
    result: z.unknown(),
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
        details: z.record(z.string(), z.unknown()).optional(),
      })
      .nullable(),
  }),
  errors: [404],
});

/** SPEC §8: the error workbook of an import that found bad rows (its owner only). */
export const ImportErrorWorkbookEndpoint = defineEndpoint({
  method: 'GET',
  path: '/imports/:id/errors.xlsx',
  access: 'open',
  summary: 'The error workbook of one of your imports',
  operationId: 'getImportErrorWorkbook',
  tags: ['imports'],
  params: z.object({ id: idField() }),
  reply: { binary: XLSX_MIME, description: 'The original rows with an Errors column, named <file>_Errors_<DDMMYYYY_HHmmss>.xlsx' },
  errors: [404],
});
