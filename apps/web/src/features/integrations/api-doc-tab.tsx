import { useState } from 'react';
import { Alert, Anchor, Button, Col, Collapse, Grid, Row, Segmented, Space, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiGuide, ApiGuideCall, ApiGuideTask } from '@exship/contracts';
import guideJson from './api-guide.json';
import './locales';

// The seller's API document: the routes an API key calls, by task, with examples generated from the
// contracts (api-guide.json, written by `npm run api-guide`), curl snippets and the webhook
// verification recipe. The full reference is the OpenAPI document the server publishes.

const guide = guideJson as ApiGuide;
const BASE_URL = 'https://<host>';
/** Swagger UI and the raw OpenAPI 3 document, both generated from the contracts (apps/server/src/app.ts). */
export const OPENAPI_UI_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs/json';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A path with its example parameters filled in and its example query appended. */
function urlOf(call: ApiGuideCall): string {
  const path = call.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(call.request.params?.[name] ?? `:${name}`)));
  const query = new URLSearchParams(Object.entries(call.request.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return `${BASE_URL}${path}${query ? `?${query}` : ''}`;
}

/** The curl command for a call; a file reply is saved with -o. */
export function curlOf(call: ApiGuideCall, token: string): string {
  const lines = [`curl -X ${call.method} '${urlOf(call)}'`, `  -H 'Authorization: Bearer ${token}'`];
  if (call.request.body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(call.request.body).replace(/'/g, "'\\''")}'`);
  if ('file' in call.reply) lines.push(`  -o ${call.operationId === 'getOrderLabel' ? 'label.pdf' : 'file'}`);
  return lines.join(' \\\n');
}

function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div style={{ marginBottom: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {label}
        </Typography.Text>
        <Button size="small" type="text" icon={<CopyOutlined />} onClick={copy} aria-label={`${t('integrations.apiDoc.copy')}: ${label}`}>
          {copied ? t('integrations.apiDoc.copied') : t('integrations.apiDoc.copy')}
        </Button>
      </div>
      <pre
        style={{ margin: 0, padding: 12, background: 'rgba(0, 0, 0, 0.04)', borderRadius: 6, overflowX: 'auto', fontSize: 12.5, lineHeight: 1.5, whiteSpace: 'pre', maxWidth: '100%' }}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

function CallDetail({ call, token }: { call: ApiGuideCall; token: string }) {
  const { t } = useTranslation();
  return (
    <>
      {call.description && <Typography.Paragraph type="secondary">{call.description}</Typography.Paragraph>}
      <Typography.Paragraph>
        {t('integrations.apiDoc.permission')} <Typography.Text code>{call.access}</Typography.Text>
      </Typography.Paragraph>
      <CodeBlock label="curl" code={curlOf(call, token)} />
      {call.request.body !== undefined && <CodeBlock label={t('integrations.apiDoc.requestBody')} code={json(call.request.body)} />}
      {'file' in call.reply ? (
        <Typography.Paragraph>
          {t('integrations.apiDoc.fileReply', { status: call.reply.status })} <Typography.Text code>{call.reply.file}</Typography.Text> — {call.reply.description}
        </Typography.Paragraph>
      ) : (
        <CodeBlock label={t('integrations.apiDoc.replyExample', { status: call.reply.status })} code={json(call.reply.example)} />
      )}
    </>
  );
}

const WEBHOOK_TS = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when the delivery is ours and fresh: Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). */
export function verifyWebhook(secret: string, headers: Record<string, string>, rawBody: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'] ?? '';
  // Refuse deliveries older or newer than 5 minutes (replays).
  if (!id || !timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  // The header may carry several signatures ("v1,<base64> v1,<base64>") while a secret is rotated.
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

const WEBHOOK_PY = `import base64, hashlib, hmac, time

def verify_webhook(secret: str, headers: dict, raw_body: bytes) -> bool:
    """True when the delivery is ours and fresh: Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature", "")
    # Refuse deliveries older or newer than 5 minutes (replays).
    if not msg_id or not timestamp or abs(time.time() - int(timestamp)) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # The header may carry several signatures ("v1,<base64> v1,<base64>") while a secret is rotated.
    return any(
        version == "v1" and hmac.compare_digest(value, expected)
        for version, _, value in (entry.partition(",") for entry in signatures.split(" "))
    )`;

function WebhookRecipe() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<'ts' | 'py'>('ts');
  return (
    <>
      <Typography.Paragraph>{t('integrations.apiDoc.webhooks.intro')}</Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20 }}>
        <li>
          <Typography.Text code>webhook-id</Typography.Text> — {t('integrations.apiDoc.webhooks.id')}
        </li>
        <li>
          <Typography.Text code>webhook-timestamp</Typography.Text> — {t('integrations.apiDoc.webhooks.timestamp')}
        </li>
        <li>
          <Typography.Text code>webhook-signature</Typography.Text> — {t('integrations.apiDoc.webhooks.signature')}{' '}
          <Typography.Text code>{'v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">'}</Typography.Text>
        </li>
      </ul>
      <Typography.Paragraph>{t('integrations.apiDoc.webhooks.secret')}</Typography.Paragraph>
      <Segmented
        value={language}
        onChange={(v) => setLanguage(v as 'ts' | 'py')}
        options={[
          { value: 'ts', label: 'TypeScript' },
          { value: 'py', label: 'Python' },
        ]}
        style={{ marginBottom: 8 }}
      />
      {language === 'ts' ? <CodeBlock label="TypeScript (Node.js)" code={WEBHOOK_TS} /> : <CodeBlock label="Python 3.9+" code={WEBHOOK_PY} />}
      <Typography.Paragraph type="secondary">{t('integrations.apiDoc.webhooks.rawBody')}</Typography.Paragraph>
    </>
  );
}

const sectionId = (task: ApiGuideTask) => `api-doc-${task}`;

/**
 * The "API document" tab of the integrations screen. `keyPrefix`: the start of one of the user's
 * API keys (the API keys tab passes it when there is one), shown in the snippets instead of the placeholder.
 */
export default function ApiDocTab({ keyPrefix }: { keyPrefix?: string }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const token = `${keyPrefix ?? 'exs_live_'}…`;
  const anchor = (
    <Anchor
      direction={wide ? 'vertical' : 'horizontal'}
      offsetTop={wide ? 80 : 0}
      affix={wide}
      items={[...guide.tasks.map(({ task }) => ({ key: task, href: `#${sectionId(task)}`, title: t(`integrations.apiDoc.task.${task}`) })), { key: 'errors', href: '#api-doc-errors', title: t('integrations.apiDoc.errors.title') }]}
    />
  );
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={{ span: 5, order: 2 }}>
        {anchor}
      </Col>
      <Col xs={24} lg={{ span: 19, order: 1 }} style={{ minWidth: 0 }}>
        <Typography.Paragraph>{t('integrations.apiDoc.intro')}</Typography.Paragraph>
        <Space orientation="vertical" size={4} style={{ marginBottom: 16, width: '100%' }}>
          <Typography.Text>
            {t('integrations.apiDoc.baseUrl')} <Typography.Text code>{`${BASE_URL}/api/v1`}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">{t('integrations.apiDoc.host', { host: typeof window === 'undefined' ? '' : window.location.host })}</Typography.Text>
          <Typography.Text>
            {t('integrations.apiDoc.auth')} <Typography.Text code>{`Authorization: Bearer ${token}`}</Typography.Text>
          </Typography.Text>
          <Typography.Text>
            {t('integrations.apiDoc.envelope')} <Typography.Text code>{'{ success, message, data }'}</Typography.Text>
          </Typography.Text>
        </Space>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title={t('integrations.apiDoc.openapi')}
          description={
            <Space wrap>
              <Typography.Link href={OPENAPI_UI_PATH} target="_blank" rel="noopener">
                {t('integrations.apiDoc.openapiUi')}
              </Typography.Link>
              <Typography.Link href={OPENAPI_JSON_PATH} target="_blank" rel="noopener">
                {t('integrations.apiDoc.openapiJson')}
              </Typography.Link>
            </Space>
          }
        />
        {guide.tasks.map(({ task, calls }) => (
          <section key={task} id={sectionId(task)} style={{ marginBottom: 24, scrollMarginTop: 80 }}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {t(`integrations.apiDoc.task.${task}`)}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t(`integrations.apiDoc.taskHint.${task}`)}</Typography.Paragraph>
            {calls.length > 0 && (
              <Collapse
                items={calls.map((call) => ({
                  key: call.operationId,
                  label: (
                    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline', minWidth: 0 }}>
                      <Tag color={METHOD_COLORS[call.method]} style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}>
                        {call.method}
                      </Tag>
                      <Typography.Text code style={{ wordBreak: 'break-all' }}>
                        {call.path}
                      </Typography.Text>
                      <span>{call.summary}</span>
                    </span>
                  ),
                  children: <CallDetail call={call} token={token} />,
                }))}
              />
            )}
            {task === 'webhooks' && <WebhookRecipe />}
          </section>
        ))}
        <section id="api-doc-errors" style={{ scrollMarginTop: 80 }}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('integrations.apiDoc.errors.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('integrations.apiDoc.errors.hint')}</Typography.Paragraph>
          <CodeBlock label={t('integrations.apiDoc.errors.example')} code={json(guide.errorExample)} />
        </section>
      </Col>
    </Row>
  );
}
