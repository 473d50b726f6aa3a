import type { FormRule as Rule } from 'antd';

type RuleObject = Exclude<Rule, (...args: never[]) => unknown>;
import type { TFunction } from 'i18next';
import i18next from 'i18next';

/**
 * An antd Form rule that runs a contracts zod schema (docs/engineering.md "UI").
 * The schema's messages are i18n keys ('validation.email.invalid'), translated here.
 */
/** The part of a zod schema the rule needs (keeps zod itself out of this package's dependencies). */
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

export function zodRule(schema: SafeParser, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(t(ruleMessage(result.error.issues[0]?.message, value)));
    },
  };
}

/**
 * The message key of a refused value. The contracts' error map gives every issue a key; should a
 * library's own text slip through ("Invalid input: expected string, received undefined"), an empty
 * field still says it is required and anything else that it is not valid.
 */
export function ruleMessage(message: string | undefined, value: unknown): string {
  // A key of the messages registered so far: the core ones, and the features' once signed in.
  if (message && i18next.exists(message)) return message;
  return value === undefined || value === null || value === '' ? 'validation.required' : 'validation.invalid';
}

/** Confirm-password rule: must equal another field. */
export function matchesField(field: string, t: TFunction): (form: { getFieldValue: (name: string) => unknown }) => RuleObject {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('validation.required'));
      if (value !== getFieldValue(field)) throw new Error(t('validation.password.mismatch'));
    },
  });
}
