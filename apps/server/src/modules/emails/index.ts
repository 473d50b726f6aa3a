import { defineModule } from '../../platform/module';
import { usersModule } from '../users';
import { emailRoutes } from './emails.routes';
import { createEmailTemplateService } from './emails.service';

export { renderMail, type EmailTemplateService } from './emails.service';
export { checkTemplate, renderTemplate } from './emails.templates';

/**
 * SPEC §2 /app/setting-user/emails: the templates of every mail the product sends. Modules that
 * send mail make its parts with `renderMail(db, kind, lang, vars)`; staff edit the templates here.
 */
export const emailsModule = defineModule({
  name: 'emails',
  needs: [usersModule],
  setup: (ctx) => ({ templates: createEmailTemplateService({ db: ctx.database.db, mailer: ctx.mailer }) }),
  routes: (_ctx, m) => [emailRoutes(m.templates)],
});
