import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptProductEndpoint,
  ActualWeightFeeEndpoint,
  CreateProductEndpoint,
  DeleteProductEndpoint,
  GetMockupEndpoint,
  GetProductEndpoint,
  GetWeightConfigEndpoint,
  ImportPartnerIdsEndpoint,
  ImportProductsEndpoint,
  ImportVariantsEndpoint,
  ImportWeightConfigsEndpoint,
  ListActualWeightFeesEndpoint,
  ListProductsEndpoint,
  ListWeightConfigsEndpoint,
  PartnerIdTemplateEndpoint,
  PRODUCT_LIMITS,
  PRODUCT_TEMPLATE_FILES,
  ProductTemplateEndpoint,
  RejectProductEndpoint,
  RemoveWeightConfigEndpoint,
  SaveWeightConfigEndpoint,
  SubmitProductEndpoint,
  UpdateProductEndpoint,
  UploadMockupEndpoint,
  VariantTemplateEndpoint,
  WeightConfigHistoryEndpoint,
  WeightConfigTemplateEndpoint,
} from '@exship/contracts';
import type { AppContext } from '../../context';
import { maySeeAccount } from '../../platform/access';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { sendImportStart, type ImportRunner } from '../../platform/imports';
import { IMAGE_CONTENT_TYPES, detectImageType, newStorageKey, putAccountFile, readUpload, reencodeImage, registerUploads, type Storage } from '../../platform/storage';
import { sendXlsx } from '../../platform/xlsx';
import * as imports from './products.imports';
import * as products from './products.service';

const importMessage = (r: { onlyValidate: boolean }) => (r.onlyValidate ? ('product.importValidated' as const) : ('product.imported' as const));
const importOptions = <Q extends object>(req: FastifyRequest & { query: Q }) => ({ ...req.query, lang: req.lang });

/**
 * Products. Paths under /api/v1; sellers are limited to their own account in every
 * service call, staff may name a customer. Imports: POST with a multipart `file`; `onlyValidate=true`
 * checks and returns the rows, without it the file is checked again and written in one transaction.
 */
export const productsRoutes =
  (ctx: Pick<AppContext, 'database' | 'config'>, storage: Storage, runner: ImportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    await registerUploads(app, PRODUCT_LIMITS.importMaxBytes);
    runner.declare(...imports.PRODUCT_IMPORTS);

    // --- templates (static paths first; they win over /products/:id) ---
    route(app, ProductTemplateEndpoint, async (_req, reply) => sendXlsx(reply, PRODUCT_TEMPLATE_FILES.product, await imports.templateFile('product')));
    route(app, VariantTemplateEndpoint, async (_req, reply) => sendXlsx(reply, PRODUCT_TEMPLATE_FILES.variant, await imports.templateFile('variant')));
    route(app, PartnerIdTemplateEndpoint, async (_req, reply) => sendXlsx(reply, PRODUCT_TEMPLATE_FILES.partnerId, await imports.templateFile('partnerId')));
    route(app, WeightConfigTemplateEndpoint, async (_req, reply) =>
      sendXlsx(reply, PRODUCT_TEMPLATE_FILES.weightConfig, await imports.templateFile('weightConfig')),
    );

    // --- imports ---
    route(app, ImportProductsEndpoint, async (req, reply) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      return sendImportStart(req, reply, await runner.start(imports.productImport, authOf(req), upload, importOptions(req)), importMessage);
    });
    route(app, ImportVariantsEndpoint, async (req, reply) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      return sendImportStart(req, reply, await runner.start(imports.variantImport, authOf(req), upload, importOptions(req)), importMessage);
    });
    route(app, ImportPartnerIdsEndpoint, async (req, reply) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      return sendImportStart(req, reply, await runner.start(imports.partnerIdImport, authOf(req), upload, importOptions(req)), importMessage);
    });

    // --- mockup images (SPEC §5: jpg, jpeg, png; 5 MB) ---
    route(app, UploadMockupEndpoint, async (req) => {
      const actor = authOf(req);
      const upload = await readUpload(req, PRODUCT_LIMITS.mockupMaxBytes);
      const image = await reencodeImage(upload);
      const accountId = await products.uploadAccount(db, actor, req.query.customerId);
      const key = newStorageKey(`mockups/${accountId}`, image.type);
      // The owner's quota and upload rate; unreferenced files are removed by products.jobs.ts.
      await putAccountFile(db, storage, { key, accountId, kind: 'mockup', data: image.data });
      return { url: `${products.MOCKUP_URL_PREFIX}${key}`, contentType: IMAGE_CONTENT_TYPES[image.type], size: image.data.length };
    });
    route(app, GetMockupEndpoint, async (req, reply) => {
      const actor = authOf(req);
      if (!maySeeAccount(actor, req.params.accountId)) throw new AppError('FILE_NOT_FOUND', 404);
      const data = await storage.get(`mockups/${req.params.accountId}/${req.params.file}`);
      if (!data) throw new AppError('FILE_NOT_FOUND', 404);
      const type = detectImageType(data) ?? 'png';
      return reply.header('content-type', IMAGE_CONTENT_TYPES[type]).header('content-disposition', `inline; filename="${req.params.file}"`).header('cache-control', 'private, max-age=86400').send(data);
    });

    // --- weight thresholds and actual-weight fees ---
    route(app, ListWeightConfigsEndpoint, (req) => products.listWeightConfigs(db, authOf(req), req.query));
    route(app, ImportWeightConfigsEndpoint, async (req, reply) => {
      const upload = await readUpload(req, PRODUCT_LIMITS.importMaxBytes);
      return sendImportStart(req, reply, await runner.start(imports.weightConfigImport, authOf(req), upload, importOptions(req)), importMessage);
    });
    route(app, ListActualWeightFeesEndpoint, (req) => products.listWeightConfigs(db, authOf(req), req.query, { onlyCharging: true }));
    route(app, GetWeightConfigEndpoint, (req) => products.getWeightConfig(db, authOf(req), req.params.id));
    route(app, SaveWeightConfigEndpoint, (req) => products.saveWeightConfig(db, authOf(req), req.params.id, req.body));
    route(app, RemoveWeightConfigEndpoint, (req) => products.removeWeightConfig(db, authOf(req), req.params.id));
    route(app, WeightConfigHistoryEndpoint, (req) => products.getWeightConfigHistory(db, authOf(req), req.params.id));
    route(app, ActualWeightFeeEndpoint, (req) => products.productActualWeightFee(db, authOf(req), req.params.id, req.query.weighedGrams));

    // --- products ---
    route(app, ListProductsEndpoint, (req) => products.listProducts(db, authOf(req), req.query));
    route(app, GetProductEndpoint, (req) => products.getProduct(db, authOf(req), req.params.id));
    route(app, CreateProductEndpoint, (req) => products.createProduct(db, authOf(req), req.body));
    route(app, UpdateProductEndpoint, (req) => products.updateProduct(db, authOf(req), req.params.id, req.body));
    route(app, DeleteProductEndpoint, async (req) => {
      await products.deleteProduct(db, authOf(req), req.params.id);
      return null;
    });

    // --- SPEC §4 approval ---
    route(app, SubmitProductEndpoint, (req) => products.changeApproval(db, authOf(req), req.params.id, 'submit'));
    route(app, AcceptProductEndpoint, (req) => products.changeApproval(db, authOf(req), req.params.id, 'accept'));
    route(app, RejectProductEndpoint, (req) => products.changeApproval(db, authOf(req), req.params.id, 'reject', req.body.reason));
  };
