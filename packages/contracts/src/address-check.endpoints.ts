import { defineEndpoint, XLSX_MIME } from './endpoint';
import {
  AddressCheckBatchListQuerySchema,
  AddressCheckBatchPageSchema,
  AddressCheckBatchSchema,
  AddressCheckBodySchema,
  AddressCheckExportQuerySchema,
  AddressCheckIdParamsSchema,
  AddressCheckImportResultSchema,
  AddressCheckRowListQuerySchema,
  AddressCheckRowPageSchema,
  AddressCheckRowSchema,
} from './address-check';

// SPEC §2 /app/check-address: one address in a form, or an xlsx file; each row valid, invalid (with a
// §8 reason and a suggestion) or pending. Sellers see their own checks; staff holding
// EX-ACT-FOR-CUSTOMER see every account's. docs/address-check.md.
// Keep zod calls inside the descriptors: the web build drops them there (schemas are types on the web).
const tags = ['address-check'] as const;

export const CheckAddressEndpoint = defineEndpoint({
  method: 'POST',
  path: '/address-checks/check',
  access: 'EX-ADDRESS-CHECK',
  summary: 'Check one address',
  description:
    'Checks the address offline (ISO country and subdivision, for the US the ZIP against its city and state) and then, when one is configured, with the address provider. Answers the stored row: valid, invalid with its reasons and a suggested correction, or pending when the provider did not answer.',
  operationId: 'checkAddress',
  tags,
  body: AddressCheckBodySchema,
  reply: AddressCheckRowSchema,
  status: 201,
  message: 'addressCheck.checked',
});

export const AddressCheckTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/address-checks/template.xlsx',
  access: 'EX-ADDRESS-CHECK',
  summary: 'Download the address check template',
  operationId: 'downloadAddressCheckTemplate',
  tags,
  reply: { binary: XLSX_MIME, description: 'Template_address_check.xlsx: Country, State, City, Zip, Address_1, Address_2 and one example row' },
});

export const ImportAddressCheckEndpoint = defineEndpoint({
  method: 'POST',
  path: '/address-checks/import',
  access: 'EX-ADDRESS-CHECK',
  summary: 'Check the addresses of an xlsx file',
  description:
    'The filled-in template (xlsx, up to 5 MB, 3,000 rows). A bad file or a bad cell answers 400 naming the file, row and column and stores nothing. A file above 150 KB runs as a job: 202 with the import run to poll at GET /imports/{id}, whose result holds the batch.',
  operationId: 'importAddressCheck',
  tags,
  multipart: { field: 'file', description: 'The filled-in template, xlsx only, up to 5 MB', accept: [XLSX_MIME] },
  reply: AddressCheckImportResultSchema,
  status: 201,
  message: 'addressCheck.imported',
  errors: [409, 413],
});

export const ListAddressChecksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/address-checks',
  access: 'EX-ADDRESS-CHECK',
  summary: 'List address check batches, newest first',
  operationId: 'listAddressChecks',
  tags,
  query: AddressCheckBatchListQuerySchema,
  reply: AddressCheckBatchPageSchema,
});

export const GetAddressCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/address-checks/:id',
  access: 'EX-ADDRESS-CHECK',
  summary: 'One address check batch',
  operationId: 'getAddressCheck',
  tags,
  params: AddressCheckIdParamsSchema,
  reply: AddressCheckBatchSchema,
  errors: [404],
});

export const ListAddressCheckRowsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/address-checks/:id/rows',
  access: 'EX-ADDRESS-CHECK',
  summary: "A batch's rows, filtered by status, by row number",
  operationId: 'listAddressCheckRows',
  tags,
  params: AddressCheckIdParamsSchema,
  query: AddressCheckRowListQuerySchema,
  reply: AddressCheckRowPageSchema,
  errors: [404],
});

export const ExportAddressCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/address-checks/:id/export.xlsx',
  access: 'EX-ADDRESS-CHECK',
  summary: "Export a batch's rows",
  operationId: 'exportAddressCheck',
  tags,
  params: AddressCheckIdParamsSchema,
  query: AddressCheckExportQuerySchema,
  reply: { binary: XLSX_MIME, description: 'Row, status, full address, reason, suggestion and checked date of each row (status filter applies)' },
  errors: [404],
});
