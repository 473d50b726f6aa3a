import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, LANGUAGES } from '@exship/contracts';
import { defaultTemplate } from './emails.catalogue';
import { checkTemplate, renderTemplate } from './emails.templates';

// The variable check keeps templates logic-less: only the kind's variables, sections only on optional ones.
describe('checkTemplate', () => {
  it('accepts the variables of the kind, escaped or (outside HTML) not', () => {
    expect(checkTemplate('auth.verify', 'text', 'Hello {{name}}, open {{{link}}} {{ link }}')).toEqual([]);
    expect(checkTemplate('auth.verify', 'html', '<a href="{{link}}">{{name}}</a>')).toEqual([]);
  });

  it('refuses an unknown variable and names it, with the allowed ones', () => {
    expect(checkTemplate('auth.verify', 'text', 'Hello {{firstName}} {{name}}')).toEqual([
      { field: 'text', message: 'validation.emailTemplate.unknownVariable', vars: { variable: 'firstName', allowed: 'name, link' } },
    ]);
    // A variable of another kind is unknown here; a dotted name is not a variable of any kind.
    expect(checkTemplate('auth.reset', 'subject', '{{dueDate}}')[0]?.vars?.variable).toBe('dueDate');
    expect(checkTemplate('auth.reset', 'subject', '{{name.length}}')[0]?.vars?.variable).toBe('name.length');
    // Inside an allowed section too.
    expect(checkTemplate('notification', 'text', '{{#link}}{{secret}}{{/link}}')[0]?.vars?.variable).toBe('secret');
  });

  it('allows a section only on an optional variable', () => {
    expect(checkTemplate('notification', 'text', '{{content}}{{#link}} Open: {{link}}{{/link}}{{^link}} (no link){{/link}}')).toEqual([]);
    expect(checkTemplate('auth.verify', 'text', '{{#name}}Hi{{/name}}')).toEqual([{ field: 'text', message: 'validation.emailTemplate.section', vars: { variable: 'name' } }]);
  });

  it('refuses partials, delimiter changes and unclosed tags', () => {
    expect(checkTemplate('auth.verify', 'html', '{{> header}}')[0]).toMatchObject({ field: 'html', message: 'validation.emailTemplate.tag', vars: { tag: '>header' } });
    expect(checkTemplate('auth.verify', 'text', '{{=<% %>=}}<% name %>')[0]?.message).toBe('validation.emailTemplate.tag');
    expect(checkTemplate('auth.verify', 'text', 'Hello {{name')[0]).toMatchObject({ field: 'text', message: 'validation.emailTemplate.syntax' });
    expect(checkTemplate('notification', 'text', '{{#link}}open')[0]?.message).toBe('validation.emailTemplate.syntax');
  });

  it('refuses an unescaped value in the HTML part only', () => {
    expect(checkTemplate('auth.verify', 'html', '{{{name}}}')).toEqual([{ field: 'html', message: 'validation.emailTemplate.unescaped', vars: { variable: 'name' } }]);
    expect(checkTemplate('auth.verify', 'html', '{{& name}}')[0]?.message).toBe('validation.emailTemplate.unescaped');
    expect(checkTemplate('auth.verify', 'text', '{{{name}}}')).toEqual([]);
  });

  it('every default template passes its own check', () => {
    for (const kind of EMAIL_KINDS) {
      for (const lang of LANGUAGES) {
        const t = defaultTemplate(kind, lang);
        for (const part of ['subject', 'text', 'html'] as const) expect(checkTemplate(kind, part, t[part]), `${kind} ${lang} ${part}`).toEqual([]);
      }
    }
  });
});

describe('renderTemplate', () => {
  it('escapes values in HTML, keeps them as they are in the text and subject', () => {
    const vars = { name: 'Tom <b>&</b> "Jerry"', link: 'http://x.test/a?b=1&c=2' };
    expect(renderTemplate('html', '<p>{{name}}</p><a href="{{link}}">go</a>', vars)).toBe('<p>Tom &lt;b&gt;&amp;&lt;/b&gt; &quot;Jerry&quot;</p><a href="http://x.test/a?b=1&amp;c=2">go</a>');
    expect(renderTemplate('text', 'Hi {{name}}\n{{link}}', vars)).toBe('Hi Tom <b>&</b> "Jerry"\nhttp://x.test/a?b=1&c=2');
    expect(renderTemplate('subject', 'Hi\n{{name}}  ', { name: 'A\nB' })).toBe('Hi A B');
  });

  it('the default verification mail reads as before: the texts of the messages, filled', () => {
    const t = defaultTemplate('auth.verify', 'en');
    expect(renderTemplate('text', t.text, { name: 'Linh', link: 'http://l/x' })).toBe(
      'Hello Linh,\n\nOpen this link within 10 minutes to verify your account:\nhttp://l/x\n\nIf you did not sign up, ignore this email.',
    );
    expect(renderTemplate('html', t.html, { name: 'Linh', link: 'http://l/x' })).toContain('<a href="http://l/x">http://l/x</a>');
  });

  it('an optional section is left out when its value is empty', () => {
    const t = defaultTemplate('notification', 'en');
    expect(renderTemplate('text', t.text, { content: 'Closed on Monday.', link: '' })).toBe('Closed on Monday.');
    expect(renderTemplate('text', t.text, { content: 'Closed on Monday.', link: 'http://x/app' })).toBe('Closed on Monday.\n\nOpen it in ExShip: http://x/app');
  });
});
