import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Descriptions, Form, Input, Popconfirm, Row, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GetEmailTemplateEndpoint,
  LANGUAGES,
  PreviewEmailTemplateEndpoint,
  ResetEmailTemplateEndpoint,
  SendTestEmailEndpoint,
  UpdateEmailTemplateEndpoint,
  type EmailKind,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplateSummary,
  type Language,
  type RenderedEmail,
} from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { applyFieldErrors } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import './emails.css';

type Part = keyof EmailTemplateBody;
const PARTS: Part[] = ['subject', 'text', 'html'];
/** The preview follows typing after a short pause, not on every key. */
const PREVIEW_DELAY_MS = 400;

/** The editor of one kind's template in one language: fields, variables, live preview, save, test, reset. */
export function TemplateEditor({ kind, lang, summary, onLang }: { kind: EmailKind; lang: Language; summary?: EmailTemplateSummary; onLang: (lang: Language) => void }) {
  const { t, i18n } = useTranslation();
  const queryKey = ['email-templates', kind, lang, i18n.language];
  const template = useQuery({ queryKey, queryFn: ({ signal }) => call(GetEmailTemplateEndpoint, { params: { kind, lang }, signal }) });

  return (
    <>
      <Typography.Paragraph>
        <Typography.Text code>{kind}</Typography.Text> {template.data?.description ?? summary?.description}
      </Typography.Paragraph>
      <Tabs
        activeKey={lang}
        onChange={(next) => onLang(next as Language)}
        items={LANGUAGES.map((l) => ({
          key: l,
          label: (
            <span>
              {t(`emails.lang.${l}`)}
              {summary?.languages.find((s) => s.lang === l)?.edited ? <Tag color="blue" style={{ marginInlineStart: 6 }}>{t('emails.edited')}</Tag> : null}
            </span>
          ),
        }))}
      />
      {template.isError && <Alert type="error" showIcon message={template.error instanceof ApiError ? template.error.message : t('common.error.generic')} />}
      {/* A fresh form per template and language: the fields start from what the server holds. */}
      {template.data && <EditorForm key={`${kind}/${lang}/${template.data.updatedAt ?? 'default'}`} template={template.data} />}
    </>
  );
}

function EditorForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EmailTemplateBody & { to?: string }>();
  const params = { kind: template.kind, lang: template.lang };
  const draft = (): EmailTemplateBody => {
    const v = form.getFieldsValue(PARTS) as Partial<EmailTemplateBody>;
    return { subject: v.subject ?? '', text: v.text ?? '', html: v.html ?? '' };
  };

  // Where a clicked variable goes: the part last focused, at its cursor.
  const focused = useRef<{ part: Part; start: number; end: number }>({ part: 'text', start: -1, end: -1 });
  const remember = (part: Part) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    focused.current = { part, start: e.currentTarget.selectionStart ?? -1, end: e.currentTarget.selectionEnd ?? -1 };
  };
  const insert = (name: string) => {
    const { part, start, end } = focused.current;
    const value = (form.getFieldValue(part) as string | undefined) ?? '';
    const tag = `{{${name}}}`;
    const at = start < 0 ? value.length : start;
    const next = value.slice(0, at) + tag + value.slice(end < 0 ? value.length : end);
    form.setFieldValue(part, next);
    focused.current = { part, start: at + tag.length, end: at + tag.length };
    schedulePreview();
  };

  // Live preview of the draft with the sample data; its errors go onto the fields.
  const [preview, setPreview] = useState<RenderedEmail | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);
  const renderPreview = async () => {
    controller.current?.abort();
    const abort = (controller.current = new AbortController());
    try {
      setPreview(await call(PreviewEmailTemplateEndpoint, { params, body: draft(), signal: abort.signal }));
      form.setFields(PARTS.map((name) => ({ name, errors: [] })));
    } catch (err) {
      if (abort.signal.aborted) return;
      applyFieldErrors(form, err, t);
    }
  };
  const schedulePreview = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void renderPreview(), PREVIEW_DELAY_MS);
  };
  useEffect(() => {
    void renderPreview();
    return () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    };
    // Once per template shown (the form is keyed by it); later previews follow the edits.
  }, []);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['email-templates'] });
  const save = useAction((body: EmailTemplateBody) => callEnvelope(UpdateEmailTemplateEndpoint, { params, body }), { success: 'emails.saved', form, onSuccess: reload });
  const test = useAction((body: EmailTemplateBody & { to?: string }) => callEnvelope(SendTestEmailEndpoint, { params, body }), { success: 'emails.testSent', form });
  const reset = useAction(() => callEnvelope(ResetEmailTemplateEndpoint, { params }), { success: 'emails.resetDone', onSuccess: reload });

  const sendTest = async () => {
    const to = ((form.getFieldValue('to') as string | undefined) ?? '').trim();
    // The success message is the only feedback (a second toast with just the address read as noise).
    await test.run({ ...draft(), ...(to ? { to } : {}) });
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ subject: template.subject, text: template.text, html: template.html, to: '' }} onValuesChange={schedulePreview} onFinish={() => save.run(draft())}>
      <Typography.Paragraph type="secondary">
        {template.edited && template.updatedAt
          ? t('emails.editedBy', { who: template.updatedBy ?? '—', when: formatDateTime(template.updatedAt, profile?.timeZone) })
          : t('emails.isDefault')}
      </Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={14}>
          <Form.Item name="subject" label={t('emails.field.subject')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input maxLength={300} onSelect={remember('subject')} onFocus={remember('subject')} />
          </Form.Item>
          <Form.Item name="text" label={t('emails.field.text')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} onSelect={remember('text')} onFocus={remember('text')} />
          </Form.Item>
          <Form.Item name="html" label={t('emails.field.html')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input.TextArea className="exe-code" spellCheck={false} autoSize={{ minRows: 8, maxRows: 24 }} onSelect={remember('html')} onFocus={remember('html')} />
          </Form.Item>
          <section aria-label={t('emails.variables')}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('emails.variables')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('emails.variables.hint')}</Typography.Paragraph>
            <Descriptions size="small" column={1} bordered>
              {template.variables.map((v) => (
                <Descriptions.Item
                  key={v.name}
                  label={
                    <Tooltip title={v.sample ? `${v.sample}` : undefined}>
                      <Button size="small" className="exe-code" onClick={() => insert(v.name)}>{`{{${v.name}}}`}</Button>
                    </Tooltip>
                  }
                >
                  {v.description}
                  {v.optional ? <Tag style={{ marginInlineStart: 8 }}>{t('emails.variables.optional')}</Tag> : null}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </section>
          <Space wrap style={{ marginTop: 16 }}>
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('emails.save')}
            </Button>
            <Popconfirm title={t('emails.resetConfirm')} onConfirm={() => reset.run()} disabled={!template.edited}>
              <Button danger disabled={!template.edited} loading={reset.pending}>
                {t('emails.reset')}
              </Button>
            </Popconfirm>
          </Space>
          {/* The test send on its own line: its address field and its button together. */}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginTop: 16 }}>
            <Form.Item name="to" label={t('emails.testTo')} style={{ marginBottom: 0 }}>
              <Input type="email" placeholder={profile?.email} style={{ width: 260, maxWidth: '100%' }} />
            </Form.Item>
            <Button onClick={() => void sendTest()} loading={test.pending}>
              {t('emails.sendTest')}
            </Button>
          </div>
        </Col>
        <Col xs={24} xl={10}>
          <section aria-label={t('emails.preview')} className="exe-preview">
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('emails.preview')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('emails.preview.subject')}</Typography.Text>
            <div className="exe-preview-subject" data-testid="preview-subject">
              {preview?.subject}
            </div>
            <Typography.Text type="secondary">{t('emails.preview.html')}</Typography.Text>
            {/* The HTML part runs nothing: an empty sandbox (no scripts, no forms, no same origin). */}
            <iframe className="exe-preview-frame" title={t('emails.preview.frame')} sandbox="" srcDoc={preview?.html ?? ''} />
            <Typography.Text type="secondary">{t('emails.preview.text')}</Typography.Text>
            <pre className="exe-preview-text" data-testid="preview-text">
              {preview?.text}
            </pre>
          </section>
        </Col>
      </Row>
    </Form>
  );
}
