import Mustache from 'mustache';
import { EMAIL_TEMPLATE_CATALOGUE, type EmailKind, type FieldError } from '@exship/contracts';

// Templates are Mustache, kept logic-less on purpose: a part may name only the variables of its kind
// (`{{name}}`; `{{{name}}}` outside HTML) and an optional variable may open a section around the text
// that needs it. Partials, delimiter changes, dotted names and unknown variables are refused at save.

export type TemplatePart = 'subject' | 'text' | 'html';

// Drafts are parsed on every preview: no process-wide cache of every text ever typed.
Mustache.templateCache = undefined;

/** HTML escaping without Mustache's extra `/`, `=` and backtick entities, so links stay readable (and redactable). */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const asIs = (value: string) => value;

type Token = [string, string, number, number, Token[]?];

/** The field errors of one part of a template of `kind`: empty when it may be saved. */
export function checkTemplate(kind: EmailKind, part: TemplatePart, template: string): FieldError[] {
  const variables = EMAIL_TEMPLATE_CATALOGUE[kind].variables;
  const allowed = variables.map((v) => v.name).join(', ');
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as unknown as Token[];
  } catch (err) {
    return [{ field: part, message: 'validation.emailTemplate.syntax', vars: { reason: String((err as Error).message).split('\n')[0]!.replace(/[{}]/g, '') } }];
  }
  const errors: FieldError[] = [];
  const refuse = (message: string, vars: Record<string, string>) => {
    if (!errors.some((e) => e.message === message && e.vars?.variable === vars.variable && e.vars?.tag === vars.tag)) errors.push({ field: part, message, vars });
  };
  const walk = (list: Token[]) => {
    for (const [type, name, , , children] of list) {
      if (type === 'text' || type === '!') continue;
      if (type === 'name' || type === '&' || type === '#' || type === '^') {
        const def = variables.find((v) => v.name === name);
        if (!def) refuse('validation.emailTemplate.unknownVariable', { variable: name, allowed });
        else if ((type === '#' || type === '^') && !def.optional) refuse('validation.emailTemplate.section', { variable: name });
        else if (type === '&' && part === 'html') refuse('validation.emailTemplate.unescaped', { variable: name });
        if (children) walk(children);
        continue;
      }
      // '>' a partial, '=' a delimiter change: not part of a logic-less mail template.
      refuse('validation.emailTemplate.tag', { tag: `${type}${name}` });
    }
  };
  walk(tokens);
  return errors;
}

/** Renders one part: HTML-escaped values in the HTML part, values as they are in the subject and text. */
export function renderTemplate(part: TemplatePart, template: string, vars: Record<string, string>): string {
  const out = Mustache.render(template, vars, undefined, { escape: part === 'html' ? escapeHtml : asIs });
  // A subject is one line, whatever the values hold.
  return part === 'subject' ? out.replace(/\s+/g, ' ').trim() : out;
}
