import './locales';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_KINDS, LANGUAGES, ListEmailTemplatesEndpoint, type EmailKind, type EmailTemplateSummary, type Language, type ScreenDef } from '@exship/contracts';
import { call } from '../../api/call';
import { ScreenCard, useUrlState } from '../../shared/list-ui';
import { TemplateEditor } from './template-editor';

// SPEC §2 /app/setting-user/emails: every mail the product sends, each with a template per language
// that staff (EX-EMAIL-TEMPLATE-MANAGE) edit, preview, test and reset. The open template lives in the
// URL (?kind=auth.verify&templateLang=vi; `lang` is the app's own language switch), so a link reproduces the view.

export const TEMPLATES_KEY = ['email-templates'] as const;

const isKind = (v: string): v is EmailKind => (EMAIL_KINDS as readonly string[]).includes(v);
const isLang = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);

export default function EmailsPage(_props: { screen?: ScreenDef }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useUrlState({ kind: '', templateLang: 'en' });
  const list = useQuery({ queryKey: [...TEMPLATES_KEY, i18n.language], queryFn: ({ signal }) => call(ListEmailTemplatesEndpoint, { signal }) });
  const open = (kind: string, templateLang: string) => setState({ kind, templateLang });

  if (isKind(state.kind)) {
    const summary = list.data?.items.find((i) => i.kind === state.kind);
    return (
      <ScreenCard title={t('screen.emails')} extra={<Button onClick={() => setState({ kind: null, templateLang: null })}>{t('emails.back')}</Button>}>
        <TemplateEditor kind={state.kind} lang={isLang(state.templateLang) ? state.templateLang : 'en'} summary={summary} onLang={(lang) => open(state.kind, lang)} />
      </ScreenCard>
    );
  }

  const columns: TableColumnsType<EmailTemplateSummary> = [
    { key: 'kind', title: t('emails.col.kind'), render: (_, r) => <Typography.Text code>{r.kind}</Typography.Text> },
    { key: 'description', title: t('emails.col.description'), dataIndex: 'description' },
    {
      key: 'languages',
      title: t('emails.col.languages'),
      render: (_, r) => (
        <Space wrap size={4}>
          {r.languages.map((l) => (
            <Button key={l.lang} size="small" icon={<EditOutlined />} onClick={() => open(r.kind, l.lang)} aria-label={`${t('emails.edit')} ${r.kind} ${l.lang}`}>
              {l.lang.toUpperCase()}
              {l.edited ? <Tag color="blue" style={{ marginInline: 4 }}>{t('emails.edited')}</Tag> : null}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <ScreenCard title={t('screen.emails')}>
      <Table<EmailTemplateSummary>
        rowKey="kind"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onDoubleClick: () => open(r.kind, 'en') })}
      />
    </ScreenCard>
  );
}
