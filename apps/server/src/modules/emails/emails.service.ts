import { and, eq } from 'drizzle-orm';
import {
  EMAIL_KINDS,
  EMAIL_TEMPLATE_CATALOGUE,
  LANGUAGES,
  type EmailKind,
  type EmailPreviewBody,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplateSummary,
  type EmailTestSendBody,
  type FieldError,
  type Language,
  type RenderedEmail,
} from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import * as rate from '../../platform/rate-limit';
import { findUserById } from '../users';
import { defaultTemplate, type MailTemplate } from './emails.catalogue';
import { emailTemplates } from './emails.tables';
import { checkTemplate, renderTemplate, type TemplatePart } from './emails.templates';

const PARTS: readonly TemplatePart[] = ['subject', 'text', 'html'];
/** Test sends per staff user and hour: enough to try a template, not a way to mail anyone in bulk. */
const TEST_SENDS_PER_HOUR = 30;

/** The template a mail of `kind` in `lang` uses now: the one staff saved, else the default. */
async function templateFor(db: Db, kind: EmailKind, lang: Language): Promise<MailTemplate> {
  const [row] = await db.select().from(emailTemplates).where(and(eq(emailTemplates.kind, kind), eq(emailTemplates.lang, lang)));
  return row ? { subject: row.subject, text: row.text, html: row.html } : defaultTemplate(kind, lang);
}

function render(template: MailTemplate, vars: Record<string, string>): RenderedEmail {
  return { subject: renderTemplate('subject', template.subject, vars), text: renderTemplate('text', template.text, vars), html: renderTemplate('html', template.html, vars) };
}

/**
 * The one way a mail's subject, text and HTML are made: the kind's template in the recipient's
 * language (staff's edit when there is one, so an edit applies to the next mail) filled with `vars`.
 * Pass the caller's transaction as `db` when there is one.
 */
export async function renderMail(db: Db, kind: EmailKind, lang: Language, vars: Record<string, string>): Promise<RenderedEmail> {
  return render(await templateFor(db, kind, lang), vars);
}

function refuseInvalid(kind: EmailKind, draft: Partial<MailTemplate>) {
  const errors: FieldError[] = PARTS.flatMap((part) => (draft[part] === undefined ? [] : checkTemplate(kind, part, draft[part])));
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors });
}

/**
 * A mail whose point is its link (verify, reset, invite: a `link` that is not optional) keeps that link in
 * its text and its HTML: a saved template without it would send mails nobody can act on.
 */
function refuseMissingLink(kind: EmailKind, template: MailTemplate) {
  if (!EMAIL_TEMPLATE_CATALOGUE[kind].variables.some((v) => v.name === 'link' && !v.optional)) return;
  const errors: FieldError[] = (['text', 'html'] as const)
    .filter((part) => !/\{\{\{?\s*link\s*\}?\}\}/.test(template[part]))
    .map((part) => ({ field: part, message: 'validation.emailTemplate.linkMissing', vars: { variable: 'link' } }));
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors });
}

const sampleVars = (kind: EmailKind): Record<string, string> => Object.fromEntries(EMAIL_TEMPLATE_CATALOGUE[kind].variables.map((v) => [v.name, v.sample]));

export interface EmailsDeps {
  db: Db;
  mailer: Mailer;
}

export function createEmailTemplateService({ db, mailer }: EmailsDeps) {
  /** Where a test goes when no address is given: the caller's own email. */
  async function emailOf(userId: string): Promise<string> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 401);
    return user.email;
  }

  async function get(kind: EmailKind, lang: Language, viewer: Language): Promise<EmailTemplate> {
    const def = EMAIL_TEMPLATE_CATALOGUE[kind];
    const [saved] = await db.select().from(emailTemplates).where(and(eq(emailTemplates.kind, kind), eq(emailTemplates.lang, lang)));
    const by = saved?.updatedBy ? await findUserById(db, saved.updatedBy) : undefined;
    const row = saved && { t: saved, by: by?.email ?? null };
    const template = row ? row.t : defaultTemplate(kind, lang);
    return {
      kind,
      lang,
      description: def.description[viewer],
      variables: def.variables.map((v) => ({ name: v.name, description: v.description[viewer], sample: v.sample, optional: v.optional ?? false })),
      subject: template.subject,
      text: template.text,
      html: template.html,
      edited: !!row,
      updatedAt: row ? row.t.updatedAt.toISOString() : null,
      updatedBy: row?.by ?? null,
    };
  }

  /** The draft's parts over the saved template, checked, then filled with the given values over the samples. */
  async function renderDraft(kind: EmailKind, lang: Language, body: EmailPreviewBody): Promise<RenderedEmail> {
    const draft = { subject: body.subject, text: body.text, html: body.html };
    refuseInvalid(kind, draft);
    const saved = await templateFor(db, kind, lang);
    return render({ subject: draft.subject ?? saved.subject, text: draft.text ?? saved.text, html: draft.html ?? saved.html }, { ...sampleVars(kind), ...body.vars });
  }

  return {
    async list(viewer: Language): Promise<EmailTemplateSummary[]> {
      const rows = await db.select({ kind: emailTemplates.kind, lang: emailTemplates.lang, updatedAt: emailTemplates.updatedAt }).from(emailTemplates);
      return EMAIL_KINDS.map((kind) => ({
        kind,
        description: EMAIL_TEMPLATE_CATALOGUE[kind].description[viewer],
        variables: EMAIL_TEMPLATE_CATALOGUE[kind].variables.map((v) => v.name),
        languages: LANGUAGES.map((lang) => {
          const row = rows.find((r) => r.kind === kind && r.lang === lang);
          return { lang, edited: !!row, updatedAt: row ? row.updatedAt.toISOString() : null };
        }),
      }));
    },

    get,

    async update(kind: EmailKind, lang: Language, body: EmailTemplateBody, actorId: string, viewer: Language): Promise<EmailTemplate> {
      refuseInvalid(kind, body);
      refuseMissingLink(kind, body);
      const values = { subject: body.subject, text: body.text, html: body.html, updatedBy: actorId, updatedAt: new Date() };
      await db
        .insert(emailTemplates)
        .values({ kind, lang, ...values })
        .onConflictDoUpdate({ target: [emailTemplates.kind, emailTemplates.lang], set: values });
      return get(kind, lang, viewer);
    },

    async reset(kind: EmailKind, lang: Language, viewer: Language): Promise<EmailTemplate> {
      await db.delete(emailTemplates).where(and(eq(emailTemplates.kind, kind), eq(emailTemplates.lang, lang)));
      return get(kind, lang, viewer);
    },

    preview: renderDraft,

    /** Sends the template filled with sample data to the caller, or to the address given. */
    async sendTest(kind: EmailKind, lang: Language, body: EmailTestSendBody, actorId: string): Promise<{ to: string }> {
      const state = await rate.hit(db, `mail-test:${actorId}`, 60 * 60_000);
      if (state.count > TEST_SENDS_PER_HOUR) throw new AppError('RATE_LIMITED', 429, { headers: { 'retry-after': String(state.retryAfter) } });
      const mail = await renderDraft(kind, lang, body);
      const to = body.to ?? (await emailOf(actorId));
      await mailer.send({ to, ...mail });
      return { to };
    },
  };
}

export type EmailTemplateService = ReturnType<typeof createEmailTemplateService>;
