import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GetEmailTemplateEndpoint,
  ListEmailTemplatesEndpoint,
  PreviewEmailTemplateEndpoint,
  ResetEmailTemplateEndpoint,
  SendTestEmailEndpoint,
  UpdateEmailTemplateEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { EmailTemplateService } from './emails.service';

/** SPEC §2 /app/setting-user/emails: staff edit, preview, test and reset the templates of the mails. */
export const emailRoutes =
  (templates: EmailTemplateService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListEmailTemplatesEndpoint, async (req) => ({ items: await templates.list(req.lang) }));
    route(app, GetEmailTemplateEndpoint, async (req) => templates.get(req.params.kind, req.params.lang, req.lang));
    route(app, UpdateEmailTemplateEndpoint, async (req) => templates.update(req.params.kind, req.params.lang, req.body, authOf(req).userId, req.lang));
    route(app, ResetEmailTemplateEndpoint, async (req) => templates.reset(req.params.kind, req.params.lang, req.lang));
    route(app, PreviewEmailTemplateEndpoint, async (req) => templates.preview(req.params.kind, req.params.lang, req.body ?? {}));
    route(app, SendTestEmailEndpoint, async (req) => templates.sendTest(req.params.kind, req.params.lang, req.body ?? {}, authOf(req).userId));
  };
