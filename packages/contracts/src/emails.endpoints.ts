import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  EmailPreviewBodySchema,
  EmailTemplateBodySchema,
  EmailTemplateParamsSchema,
  EmailTemplateSchema,
  EmailTemplateSummarySchema,
  EmailTestSendBodySchema,
  RenderedEmailSchema,
} from './emails';

// SPEC §2 /app/setting-user/emails: staff edit the template of every mail per language, preview it,
// send a test and reset it to the default. Keep zod calls inside the descriptors (the web keeps types only).

const tags = ['email templates'] as const;
const access = 'EX-EMAIL-TEMPLATE-MANAGE' as const;

export const ListEmailTemplatesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/email-templates',
  access,
  summary: 'Every mail kind with its languages and whether staff edited them',
  operationId: 'listEmailTemplates',
  tags,
  reply: z.object({ items: z.array(EmailTemplateSummarySchema) }),
});

export const GetEmailTemplateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/email-templates/:kind/:lang',
  access,
  summary: 'One template (the edited one, else the default) with its variables',
  operationId: 'getEmailTemplate',
  tags,
  params: EmailTemplateParamsSchema,
  reply: EmailTemplateSchema,
  errors: [404],
});

export const UpdateEmailTemplateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/email-templates/:kind/:lang',
  access,
  summary: 'Save a template; the next mail of this kind and language uses it',
  description: 'Only the variables of the kind may be used ({{name}}, or {{{name}}} outside the HTML part); an optional variable may open a section. Anything else is 400 naming the field and the tag.',
  operationId: 'updateEmailTemplate',
  tags,
  params: EmailTemplateParamsSchema,
  body: EmailTemplateBodySchema,
  reply: EmailTemplateSchema,
  message: 'emailTemplate.saved',
  errors: [404],
});

export const ResetEmailTemplateEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/email-templates/:kind/:lang',
  access,
  summary: 'Reset a template to the default',
  operationId: 'resetEmailTemplate',
  tags,
  params: EmailTemplateParamsSchema,
  reply: EmailTemplateSchema,
  message: 'emailTemplate.reset',
  errors: [404],
});

export const PreviewEmailTemplateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/email-templates/:kind/:lang/preview',
  access,
  summary: 'Render a template (the saved one or a draft) with the sample data or given values',
  operationId: 'previewEmailTemplate',
  readOnly: true,
  tags,
  params: EmailTemplateParamsSchema,
  body: EmailPreviewBodySchema,
  reply: RenderedEmailSchema,
  errors: [404],
});

export const SendTestEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/email-templates/:kind/:lang/test',
  access,
  summary: "Send a template (the saved one or a draft) rendered with sample data to the caller's email or a given address",
  operationId: 'sendTestEmail',
  tags,
  params: EmailTemplateParamsSchema,
  body: EmailTestSendBodySchema,
  reply: z.object({ to: z.string() }),
  message: 'emailTemplate.testSent',
  errors: [404, 429],
});
