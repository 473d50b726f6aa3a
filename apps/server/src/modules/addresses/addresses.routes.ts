import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADDRESS_CHECK_LIMITS,
  ADDRESS_CHECK_TEMPLATE_FILE,
  AddressCheckTemplateEndpoint,
  CheckAddressEndpoint,
  ExportAddressCheckEndpoint,
  GetAddressCheckEndpoint,
  ImportAddressCheckEndpoint,
  ListAddressCheckRowsEndpoint,
  ListAddressChecksEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { sendImportStart, type ImportRunner } from '../../platform/imports';
import { readUpload, registerUploads } from '../../platform/storage';
import { sendXlsx, sendXlsxStream } from '../../platform/xlsx';
import { addressCheckImport, templateFile } from './addresses.imports';
import type { AddressCheckService } from './addresses.service';

/** SPEC §2 /app/check-address: paths under /api/v1, all behind EX-ADDRESS-CHECK (docs/address-check.md). */
export const addressCheckRoutes =
  (service: AddressCheckService, runner: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, ADDRESS_CHECK_LIMITS.maxBytes);
    const fileImport = addressCheckImport(service);
    runner.declare(fileImport);

    route(app, AddressCheckTemplateEndpoint, async (_req, reply) => sendXlsx(reply, ADDRESS_CHECK_TEMPLATE_FILE, await templateFile()));
    route(app, CheckAddressEndpoint, (req) => service.checkOne(authOf(req), req.body, req.lang));
    route(app, ImportAddressCheckEndpoint, async (req, reply) => {
      const upload = await readUpload(req, ADDRESS_CHECK_LIMITS.maxBytes);
      return sendImportStart(req, reply, await runner.start(fileImport, authOf(req), upload, { onlyValidate: false, lang: req.lang }), 'addressCheck.imported', 201);
    });
    route(app, ListAddressChecksEndpoint, (req) => service.listBatches(authOf(req), req.query));
    route(app, GetAddressCheckEndpoint, (req) => service.getBatch(authOf(req), req.params.id));
    route(app, ListAddressCheckRowsEndpoint, (req) => service.listRows(authOf(req), req.params.id, req.query, req.lang));
    route(app, ExportAddressCheckEndpoint, async (req, reply) => {
      const file = await service.exportRows(authOf(req), req.params.id, req.query, req.lang);
      return sendXlsxStream(reply, file.fileName, file.stream);
    });
  };
