import {
  AddressCheckTemplateEndpoint,
  CheckAddressEndpoint,
  ExportAddressCheckEndpoint,
  GetImportRunEndpoint,
  ImportAddressCheckEndpoint,
  ListAddressCheckRowsEndpoint,
  ListAddressChecksEndpoint,
  type AddressCheckBatch,
  type AddressCheckBody,
} from '@exship/contracts';
import { call, callEnvelope, download } from '../../api/call';

// The address check calls, through the endpoint descriptors of packages/contracts.

/** 202 from the upload: the file runs as a job, followed at GET /imports/:id. */
export interface QueuedImport {
  importId: string;
  status: 'queued' | 'running';
  progress: number;
}

export const addressCheckApi = {
  check: (body: AddressCheckBody) => callEnvelope(CheckAddressEndpoint, { body }),
  template: () => download(AddressCheckTemplateEndpoint),
  upload: (file: File) => callEnvelope(ImportAddressCheckEndpoint, { file }) as Promise<{ message: string; data: { batch: AddressCheckBatch } | QueuedImport }>,
  importRun: (id: string, signal?: AbortSignal) => call(GetImportRunEndpoint, { params: { id }, signal }),
  batches: (query: { page: string; pageSize: string }, signal?: AbortSignal) => callEnvelope(ListAddressChecksEndpoint, { query, signal }),
  rows: (id: string, query: { status: string; page: string; pageSize: string }, signal?: AbortSignal) =>
    callEnvelope(ListAddressCheckRowsEndpoint, { params: { id }, query: { ...query, status: query.status === 'all' ? undefined : (query.status as 'valid') }, signal }),
  export: (id: string, status: string) => download(ExportAddressCheckEndpoint, { params: { id }, query: { status: status === 'all' ? undefined : (status as 'valid') } }),
};
