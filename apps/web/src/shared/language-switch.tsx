import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@exship/contracts';
import { session, useSession } from '../api/session';

export const LANGUAGE_LABEL: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };

/**
 * Signed-out language switch (public site and auth pages): local only, remembered in storage.
 * A Segmented control rather than a Select keeps rc-select out of the login page's first load.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = useSession();
  return (
    <Segmented<Language>
      aria-label={t('common.language')}
      size="small"
      value={language}
      onChange={(lang) => session.setLanguage(lang)}
      options={LANGUAGES.map((l) => ({ value: l, label: <span title={LANGUAGE_LABEL[l]} lang={l}>{l.toUpperCase()}</span> }))}
    />
  );
}
