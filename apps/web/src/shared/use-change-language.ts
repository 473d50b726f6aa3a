import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@exship/contracts';
import { profileApi } from '../api/endpoints';
import { session } from '../api/session';
import i18n from '../app/i18n';
import { errorText } from './api-feedback';
import { LANGUAGE_LABEL } from './language-switch';

/** Signed-in language change: confirm, then tell the server (SPEC §2 header, §8 failure message). */
export function useChangeLanguage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (code: Language) => {
    if (code === session.get().language) return;
    modal.confirm({
      title: t('header.language.confirmTitle'),
      content: t('header.language.confirm', { language: LANGUAGE_LABEL[code] }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await profileApi.setLanguage(code);
          if (res.data && typeof res.data === 'object' && 'id' in res.data) session.setProfile(res.data);
          session.setLanguage(code);
          message.success(i18n.getFixedT(code)('header.language.changed'));
        } catch (err) {
          message.error(errorText(err, t, 'header.language.failed'));
        }
      },
    });
  };
}

