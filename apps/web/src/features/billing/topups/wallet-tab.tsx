import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Skeleton, Space, Statistic, Typography, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BankTransferEndpoint, CreateTopUpEndpoint, ListTopUpsEndpoint, TOP_UP_LIMITS, WalletInfoEndpoint } from '@exship/contracts';
import { call, callEnvelope } from '../../../api/call';
import { errorText } from '../../../shared/api-feedback';
import { useAction } from '../../../shared/use-action';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/use-media-query';
import { usd } from '../../../shared/money';
import { ServerTable } from '../../../shared/list-ui';
import { AutoPaySwitch } from '../../../shared/auto-pay-switch';
import { useCan } from '../../../shared/list-ui';
import { BalanceChart } from './balance-chart';
import { OnlineTopUp } from './online-top-up';
import { ProofImage, TopUpStatusTag, useDateTime, type TopUp } from './shared';

const PAGE_SIZE = 10;
/** While a request waits for review, the list (and with it the balance) is looked at again this often. */
const PENDING_POLL_MS = 15_000;

interface TopUpForm {
  amount: number | null;
  proof: File[];
  note: string;
}

/** The bank account a top-up is transferred to, each value copyable, and the reference to write in the transfer. */
function BankAccount() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const bank = useQuery({ queryKey: ['bank-transfer'], queryFn: ({ signal }) => call(BankTransferEndpoint, { signal }), staleTime: 10 * 60_000 });
  if (bank.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} style={{ marginTop: 8 }} />;
  if (bank.isError) return <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>{errorText(bank.error, t)}</Typography.Paragraph>;
  const b = bank.data;
  if (!b.available) return <Typography.Paragraph type="warning" style={{ marginTop: 8 }}>{t('billing.topUp.bankMissing')}</Typography.Paragraph>;
  const copy = (text: string) => ({ text, tooltips: [t('billing.topUp.copy'), t('billing.topUp.copied')] });
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      layout={phone ? 'vertical' : 'horizontal'}
      style={{ marginTop: 8, maxWidth: 560, background: '#fff' }}
      styles={{ label: phone ? {} : { whiteSpace: 'nowrap', width: 160 }, content: { overflowWrap: 'anywhere' } }}
    >
      <Descriptions.Item label={t('billing.topUp.bankName')}>{b.bankName}</Descriptions.Item>
      <Descriptions.Item label={t('billing.topUp.accountName')}>
        <Typography.Text copyable={copy(b.accountName)}>{b.accountName}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('billing.topUp.accountNumber')}>
        <Typography.Text strong copyable={copy(b.accountNumber.replace(/\s+/g, ''))}>{b.accountNumber}</Typography.Text>
      </Descriptions.Item>
      {b.reference && (
        <Descriptions.Item label={t('billing.topUp.reference')}>
          <Typography.Text code copyable={copy(b.reference)}>{b.reference}</Typography.Text>
        </Descriptions.Item>
      )}
      {b.details && <Descriptions.Item label={t('billing.topUp.bankDetails')}>{b.details}</Descriptions.Item>}
    </Descriptions>
  );
}

/** The seller's balance boxes: the same query as the header's wallet boxes (['wallet']), so both move together. */
function Balance() {
  const { t } = useTranslation();
  const wallet = useQuery({ queryKey: ['wallet'], queryFn: ({ signal }) => call(WalletInfoEndpoint, { signal }) });
  const pending = useQuery({ queryKey: ['top-ups', 'pending'], queryFn: ({ signal }) => call(ListTopUpsEndpoint, { query: { status: 'pending', pageSize: 100 }, signal }) });
  const pendingAmount = pending.data?.items.reduce((sum, i) => sum + i.amount, 0) ?? 0;
  const credit = wallet.data?.credit && !wallet.data.credit.isBlocked ? wallet.data.credit : null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('billing.balance')} value={wallet.data ? usd(wallet.data.balance) : '—'} loading={wallet.isPending} valueStyle={{ color: '#047857' }} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('billing.unpaid')} value={wallet.data ? usd(wallet.data.unpaid) : '—'} loading={wallet.isPending} valueStyle={{ color: (wallet.data?.unpaid ?? 0) > 0 ? '#b91c1c' : undefined }} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('billing.pendingTopUps')} value={pending.data ? usd(pendingAmount) : '—'} loading={pending.isPending} valueStyle={{ color: pendingAmount > 0 ? '#b45309' : undefined }} />
        </Card>
      </Col>
      {credit && (
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('billing.creditRemaining')} value={usd(credit.remaining)} valueStyle={{ color: '#1d4ed8' }} />
          </Card>
        </Col>
      )}
    </Row>
  );
}

/** A chosen photo shown before it is sent. */
function LocalPreview({ file }: { file: File }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? <img src={url} alt={t('billing.topUp.proofPreview')} style={{ maxWidth: 220, maxHeight: 160, borderRadius: 8, border: '1px solid #e2e8f0', objectFit: 'contain' }} /> : null;
}

function TopUpRequestForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpForm>();
  const proof = Form.useWatch('proof', form);
  // One key per intended request: a retry of the same request (a lost reply) is replayed, not repeated.
  const idempotencyKey = useRef(crypto.randomUUID());
  const send = useAction(
    (v: TopUpForm) =>
      callEnvelope(CreateTopUpEndpoint, {
        file: v.proof[0],
        fields: { amount: v.amount === null ? '' : String(v.amount), note: v.note ?? '' },
        idempotencyKey: idempotencyKey.current,
      }),
    {
      success: 'billing.topUp.sent',
      form,
      invalidate: [['top-ups']],
      onSuccess: () => {
        form.resetFields();
        idempotencyKey.current = crypto.randomUUID();
      },
    },
  );
  const pickRule = {
    validator: async (_: unknown, files: File[] | undefined) => {
      const file = files?.[0];
      if (!file) throw new Error(t('validation.topUp.proofRequired'));
      if (!['image/jpeg', 'image/png'].includes(file.type)) throw new Error(t('validation.topUp.proofType'));
      if (file.size >= TOP_UP_LIMITS.proofMaxBytes) throw new Error(t('validation.file.tooLarge', { max: '5 MB' }));
    },
  };

  return (
    <Card title={t('billing.topUp.title')} style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('billing.topUp.guideTitle')}
        description={
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            <li>
              {t('billing.topUp.guide1')}
              <BankAccount />
            </li>
            <li>{t('billing.topUp.guide2')}</li>
            <li>{t('billing.topUp.guide3')}</li>
          </ol>
        }
      />
      <Form<TopUpForm>
        form={form}
        layout="vertical"
        initialValues={{ amount: null, proof: [], note: '' }}
        onValuesChange={() => {
          // A changed request is another request.
          idempotencyKey.current = crypto.randomUUID();
        }}
        onFinish={(v) => void send.run(v)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="amount"
          label={t('billing.topUp.amount')}
          extra={t('billing.topUp.amountHelp')}
          rules={[
            { required: true, message: t('validation.required') },
            { type: 'number', min: TOP_UP_LIMITS.minAmount, message: t('validation.topUp.amountMin') },
            { type: 'number', max: TOP_UP_LIMITS.maxAmountExclusive - 0.01, message: t('validation.topUp.amountMax') },
          ]}
        >
          <InputNumber<number> prefix="$" precision={2} min={0} step={50} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="proof"
          label={t('billing.topUp.proof')}
          extra={t('billing.topUp.proofHelp')}
          required
          valuePropName="fileList"
          getValueFromEvent={(e: { file: File }) => [e.file]}
          rules={[pickRule]}
        >
          <ProofPicker />
        </Form.Item>
        {proof?.[0] && (
          <Space align="start" style={{ marginTop: -8, marginBottom: 16 }}>
            <LocalPreview file={proof[0]} />
            <Button icon={<DeleteOutlined />} onClick={() => form.setFieldValue('proof', [])} aria-label={t('billing.topUp.proofRemove')}>
              {t('billing.topUp.proofRemove')}
            </Button>
          </Space>
        )}
        <Form.Item name="note" label={t('billing.topUp.note')} rules={[{ max: TOP_UP_LIMITS.noteMax, message: t('validation.note.max') }]}>
          <Input.TextArea rows={2} maxLength={TOP_UP_LIMITS.noteMax} showCount placeholder={t('billing.topUp.notePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.pending}>
          {t('billing.topUp.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** The file picker of the form: the file stays in the form until it is sent (no upload on pick). */
function ProofPicker({ fileList, onChange, id }: { fileList?: File[]; onChange?: (e: { file: File }) => void; id?: string }) {
  const { t } = useTranslation();
  void fileList;
  return (
    <Upload
      accept="image/jpeg,image/png"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => {
        onChange?.({ file });
        return false;
      }}
    >
      <Button id={id} icon={<UploadOutlined />}>
        {t('billing.topUp.proofPick')}
      </Button>
    </Upload>
  );
}

function MyRequests() {
  const { t } = useTranslation();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['top-ups', 'mine', page],
    queryFn: ({ signal }) => callEnvelope(ListTopUpsEndpoint, { query: { page, pageSize: PAGE_SIZE }, signal }),
    refetchInterval: (q) => ((q.state.data?.data.pending ?? 0) > 0 ? PENDING_POLL_MS : false),
  });
  // An accepted request changed the balance: the header boxes and the balance above load it again now.
  const accepted = list.data?.data.items.filter((i) => i.status === 'accepted').length;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (accepted === undefined) return;
    if (seen.current !== undefined && accepted > seen.current) void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    seen.current = accepted;
  }, [accepted, queryClient]);

  const columns: TableColumnsType<TopUp> = [
    { title: t('billing.col.date'), dataIndex: 'createdAt', render: (v: string) => when(v) },
    { title: t('billing.col.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => usd(v) },
    {
      title: t('billing.col.status'),
      dataIndex: 'status',
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <TopUpStatusTag status={r.status} />
          {r.declineReason && <Typography.Text type="secondary">{t('billing.review.declineReason', { reason: r.declineReason })}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('billing.col.note'), dataIndex: 'note', render: (v: string) => v || '—' },
    { title: t('billing.col.proof'), key: 'proof', render: (_, r) => <ProofImage topUp={r} size={44} /> },
  ];
  return (
    <Card title={t('billing.myRequests')}>
      <ServerTable<TopUp> query={list} columns={columns} page={page} pageSize={PAGE_SIZE} onPage={(p) => setPage(p)} emptyText={t('billing.myRequests.empty')} />
    </Card>
  );
}

/** SPEC §2 /app/billing for a seller: the wallet, a top-up by bank transfer, and the requests sent. */
export function WalletTab() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <Balance />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {can('EX-WALLET-VIEW') && can('EX-ORDER-PAY') && (
          <Col xs={24} md={12}>
            <Card size="small" title={t('billing.autoPay.title')} style={{ height: '100%' }}>
              <Space align="start">
                <AutoPaySwitch id="billing-auto-pay" label={t('billing.autoPay.title')} />
                <label htmlFor="billing-auto-pay">
                  <Typography.Text type="secondary">{t('profile.autoPay.help')}</Typography.Text>
                </label>
              </Space>
            </Card>
          </Col>
        )}
        <Col xs={24} md={12}>
          <OnlineTopUp />
        </Col>
      </Row>
      {can('EX-TRANSACTION-LIST') && <BalanceChart />}
      <TopUpRequestForm />
      <MyRequests />
    </>
  );
}
