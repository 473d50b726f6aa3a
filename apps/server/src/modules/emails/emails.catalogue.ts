import { MESSAGES, type EmailKind, type Language, type MessageKey } from '@exship/contracts';

// The default template of every mail kind per language: today's texts, so nothing changes until staff
// edit one. The text part is the source; the HTML part is drawn from it (paragraphs, clickable links).

export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}
type Parts = Pick<MailTemplate, 'subject' | 'text'>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An HTML part from a text template: `{{{x}}}` becomes `{{x}}` (escaped), a `{{link}}` an anchor. */
export function htmlFromText(text: string, lang: Language): string {
  const body = escapeHtml(text.replace(/\{\{\{\s*(\w+)\s*\}\}\}/g, '{{$1}}'))
    .replace(/\{\{link\}\}/g, '<a href="{{link}}">{{link}}</a>')
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  return `<!doctype html>\n<html lang="${lang}">\n<body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; line-height: 1.5; color: #1f1f1f">\n${body}\n</body>\n</html>\n`;
}

const fromMessages = (subject: MessageKey, text: MessageKey) => (lang: Language): Parts => ({ subject: MESSAGES[lang][subject], text: MESSAGES[lang][text] });

const OPEN_IN_APP: Record<Language, string> = { en: 'Open it in ExShip:', vi: 'Mở trong ExShip:' };
/** The mail of a notification the system raises: its title, its text and the link to open it. */
const notice = (lang: Language): Parts => ({ subject: '{{{title}}}', text: `{{{content}}}\n\n${OPEN_IN_APP[lang]} {{{link}}}` });

const DEFAULTS: Record<EmailKind, (lang: Language) => Parts> = {
  'auth.verify': fromMessages('mail.verify.subject', 'mail.verify.body'),
  'auth.existing': fromMessages('mail.existing.subject', 'mail.existing.body'),
  'auth.reset': fromMessages('mail.reset.subject', 'mail.reset.body'),
  'team.invite': (lang) =>
    lang === 'vi'
      ? {
          subject: '{{inviterName}} đã mời bạn vào {{teamName}} trên ExShip',
          text: 'Xin chào {{name}},\n\n{{inviterName}} đã mời bạn tham gia {{teamName}} trên ExShip. Hãy mở liên kết này để chấp nhận lời mời:\n{{link}}\n\nNếu bạn không mong đợi lời mời này, hãy bỏ qua email này.',
        }
      : {
          subject: '{{inviterName}} invited you to {{teamName}} on ExShip',
          text: 'Hello {{name}},\n\n{{inviterName}} invited you to join {{teamName}} on ExShip. Open this link to accept the invite:\n{{link}}\n\nIf you did not expect this invite, ignore this email.',
        },
  'product.reviewed': notice,
  'topup.reviewed': notice,
  'parcel.dimension': notice,
  // A notification staff publish may have no link: the sentence that carries it is left out then.
  notification: (lang) => ({ subject: '{{{title}}}', text: `{{{content}}}{{#link}}\n\n${OPEN_IN_APP[lang]} {{{link}}}{{/link}}` }),
  'credit.reminder': fromMessages('mail.creditReminder.subject', 'mail.creditReminder.text'),
  'credit.locked': fromMessages('mail.creditLocked.subject', 'mail.creditLocked.text'),
};

export function defaultTemplate(kind: EmailKind, lang: Language): MailTemplate {
  const parts = DEFAULTS[kind](lang);
  return { ...parts, html: htmlFromText(parts.text, lang) };
}
