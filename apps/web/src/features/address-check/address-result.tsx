import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AddressCheckRow, AddressCheckStatus, AddressSuggestion } from '@exship/contracts';

// SPEC §4 address check statuses and §8 reasons, shown the same way in the form's result and the rows table.

const STATUS_COLOR: Record<AddressCheckStatus, string> = { pending: 'gold', valid: 'green', invalid: 'red' };
export const SUGGESTION_FIELDS = ['country', 'state', 'city', 'zip', 'address1', 'address2'] as const;

export function AddressStatusTag({ status }: { status: AddressCheckStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`addressCheck.status.${status}`)}</Tag>;
}

/** "city: New York; state: NY" in the screen's language. */
export function useSuggestionText() {
  const { t } = useTranslation();
  return (s: AddressSuggestion | null) =>
    s
      ? SUGGESTION_FIELDS.filter((k) => s[k])
          .map((k) => `${t(`addressCheck.field.${k}`)}: ${s[k]}`)
          .join('; ')
      : '';
}

/** What the check found: status, reason, the suggested correction with Apply and Copy. */
export function AddressResult({ row, onApply, onCopy }: { row: AddressCheckRow; onApply: (s: AddressSuggestion) => void; onCopy: (text: string) => void }) {
  const { t } = useTranslation();
  const suggestionText = useSuggestionText();
  const suggestion = row.suggestion;
  const type = row.status === 'valid' ? 'success' : row.status === 'invalid' ? 'error' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      role="status"
      aria-live="polite"
      title={
        <Space wrap>
          <span>{t('addressCheck.result.title')}</span>
          <AddressStatusTag status={row.status} />
        </Space>
      }
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text>{row.fullAddress}</Typography.Text>
          {row.reasonText && (
            <Typography.Text strong data-testid="address-reason">
              {t('addressCheck.result.reason')}: {row.reasonText}
            </Typography.Text>
          )}
          {row.note && <Typography.Text type="secondary">{t(`addressCheck.note.${row.note}`)}</Typography.Text>}
          {suggestion && (
            <>
              <Descriptions size="small" column={1} bordered title={t('addressCheck.result.suggestion')} data-testid="address-suggestion">
                {SUGGESTION_FIELDS.filter((k) => suggestion[k]).map((k) => (
                  <Descriptions.Item key={k} label={t(`addressCheck.field.${k}`)}>
                    {suggestion[k]}
                  </Descriptions.Item>
                ))}
              </Descriptions>
              <Space wrap>
                <Button type="primary" icon={<CheckOutlined />} onClick={() => onApply(suggestion)}>
                  {t('addressCheck.result.apply')}
                </Button>
                <Button icon={<CopyOutlined />} onClick={() => onCopy(suggestionText(suggestion))}>
                  {t('addressCheck.result.copy')}
                </Button>
              </Space>
            </>
          )}
        </Space>
      }
    />
  );
}
