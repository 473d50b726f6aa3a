import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { CarrierConnection, CarrierPluginInfo, CarrierSettingField } from '@exship/contracts';

// The carrier connection form is drawn from the plugin's field descriptors (GET /carrier-plugins):
// these pure pieces give each field its rules, fill the form from a stored connection, and build
// the body to save. A secret is never shown back and is sent only when typed.

export interface ConnectionFormValues {
  plugin: string;
  settings: Record<string, string | number | null | undefined>;
}

export const fieldLabel = (f: CarrierSettingField, t: TFunction) => t(f.labelKey, { defaultValue: f.name });
export const pluginLabel = (p: Pick<CarrierPluginInfo, 'id' | 'labelKey' | 'name'>, t: TFunction) => t(p.labelKey, { defaultValue: p.name });

/** A required secret already stored may be left empty (the stored one is kept). */
export function fieldRules(f: CarrierSettingField, t: TFunction, secretStored: boolean): Rule[] {
  const label = fieldLabel(f, t);
  const rules: Rule[] = [];
  if (f.required && !(f.kind === 'secret' && secretStored)) rules.push({ required: true, ...(f.kind === 'number' ? { type: 'number' as const } : { whitespace: true }), message: t('net.connection.fieldRequired', { field: label }) });
  if (f.kind === 'url') rules.push({ type: 'url', message: t('net.connection.urlInvalid') });
  if (f.kind === 'number' && f.min !== null && f.max !== null) rules.push({ type: 'number', min: f.min, max: f.max, message: t('net.connection.numberRange', { min: f.min, max: f.max }) });
  if (f.maxLength !== null && f.kind !== 'number') rules.push({ max: f.maxLength, message: t('net.connection.tooLong', { max: f.maxLength }) });
  return rules;
}

/** The form's values for a plugin: the stored settings when the connection uses it, else the defaults; secrets empty. */
export function initialValues(plugin: CarrierPluginInfo, connection: CarrierConnection | undefined): ConnectionFormValues {
  const stored = connection?.plugin === plugin.id ? connection.settings : {};
  const settings: ConnectionFormValues['settings'] = {};
  for (const f of plugin.fields) settings[f.name] = f.kind === 'secret' ? '' : (stored[f.name] ?? f.default ?? (f.kind === 'number' ? null : ''));
  return { plugin: plugin.id, settings };
}

/** The PUT body: the plugin's fields only, text trimmed, a secret only when something was typed. */
export function connectionBody(plugin: CarrierPluginInfo, values: ConnectionFormValues): { plugin: string; settings: Record<string, string | number> } {
  const settings: Record<string, string | number> = {};
  for (const f of plugin.fields) {
    const v = values.settings?.[f.name];
    if (v === undefined || v === null) continue;
    if (f.kind === 'secret') {
      if (typeof v === 'string' && v !== '') settings[f.name] = v;
    } else settings[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return { plugin: plugin.id, settings };
}

/** Whether a secret of this name is stored (the server keeps secrets across plugin changes). */
export const secretStored = (connection: CarrierConnection | undefined, f: CarrierSettingField) => Boolean(connection?.secrets[f.name]?.set);

/** What the form says under a secret field: stored (with its hint) or not. */
export function secretHelp(connection: CarrierConnection | undefined, f: CarrierSettingField, t: TFunction): string {
  const s = connection?.secrets[f.name];
  return s?.set ? t('net.connection.secretKept', { hint: s.hint || '••••' }) : t('net.connection.secretNone');
}
