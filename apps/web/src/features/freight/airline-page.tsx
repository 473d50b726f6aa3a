import './locales';
import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Space, Switch, Tabs, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AIRLINE_CODE_PATTERN, FREIGHT_LIMITS, type Airline, type ScreenDef } from '@exship/contracts';
import { FormModal, KeywordSearch, StatusTag, upper } from '../../shared/list-ui';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, useCan, useUrlState } from '../../shared/screen';
import { FREIGHT_KEY, freightApi, type AirlineBody } from './api';
import { FeeSchedulesPanel } from './fee-schedules';
import { Mono, useAirlines } from './shared';

// SPEC §2 /app/freight/airline: the airlines (§5: code up to 10 letters and digits, name up to 100)
// with their MAWB prefix, created and changed in a modal (EX-AIRLINE-MANAGE), each opening its own
// page; and the flight fee schedules of every airline on their own tab (EX-FLIGHT-MANAGE).

interface AirlineValues {
  code: string;
  name: string;
  mawbPrefix: string;
  active: boolean;
}

export function AirlineModal({ editing, onClose, onSaved }: { editing: Airline | 'new' | null; onClose: () => void; onSaved?: (a: Airline) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const row = editing && editing !== 'new' ? editing : null;
  const save = async (v: AirlineValues) => {
    const prefix = (v.mawbPrefix ?? '').trim();
    const body: AirlineBody = { code: v.code.trim(), name: v.name.trim(), mawbPrefix: prefix === '' ? null : prefix, active: v.active };
    const res = row ? await freightApi.updateAirline(row._id, body) : await freightApi.createAirline(body);
    await queryClient.invalidateQueries({ queryKey: [FREIGHT_KEY] });
    onSaved?.(res.data);
    return res;
  };
  return (
    <FormModal<AirlineValues>
      open={editing !== null}
      title={row ? t('air.airline.editTitle', { code: row.code }) : t('air.airline.newTitle')}
      initialValues={row ? { code: row.code, name: row.name, mawbPrefix: row.mawbPrefix ?? '', active: row.active } : { code: '', name: '', mawbPrefix: '', active: true }}
      onClose={onClose}
      onSubmit={save}
    >
      <Form.Item
        name="code"
        label={t('air.airline.code')}
        normalize={upper}
        extra={t('air.airline.codeHint')}
        rules={[{ required: true, message: t('validation.required') }, { pattern: AIRLINE_CODE_PATTERN, message: t('validation.airlineCode') }]}
      >
        <Input maxLength={FREIGHT_LIMITS.airlineCodeMax} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('air.airline.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: FREIGHT_LIMITS.airlineNameMax, message: t('validation.max100') }]}>
        <Input maxLength={FREIGHT_LIMITS.airlineNameMax} />
      </Form.Item>
      <Form.Item name="mawbPrefix" label={t('air.airline.mawbPrefix')} extra={t('air.airline.mawbPrefixHint')} rules={[{ pattern: /^\d{3}$/, message: t('validation.mawbPrefix') }]}>
        <Input maxLength={3} inputMode="numeric" autoComplete="off" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="active" label={t('air.common.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

function AirlineList() {
  const { t } = useTranslation();
  const can = useCan();
  const manage = can('EX-AIRLINE-MANAGE');
  const [filters, setFilters] = useUrlState({ keyword: '' });
  const [editing, setEditing] = useState<Airline | 'new' | null>(null);
  const airlines = useAirlines();
  const rows = useMemo(() => {
    const k = filters.keyword.toLowerCase();
    return (airlines.data ?? []).filter((a) => !k || [a.code, a.name, a.mawbPrefix ?? ''].some((v) => v.toLowerCase().includes(k)));
  }, [airlines.data, filters.keyword]);

  const columns: TableColumnsType<Airline> = [
    {
      title: t('air.airline.code'),
      dataIndex: 'code',
      render: (v: string) => (
        <Link to={`/app/freight/airline/${encodeURIComponent(v)}`} aria-label={t('air.airline.openOf', { code: v })}>
          <strong>{v}</strong>
        </Link>
      ),
    },
    { title: t('air.airline.name'), dataIndex: 'name' },
    { title: t('air.airline.mawbPrefix'), dataIndex: 'mawbPrefix', render: (v: string | null) => (v ? <Mono>{v}</Mono> : '—') },
    { title: t('air.common.status'), dataIndex: 'active', render: (v: boolean) => <StatusTag status={v ? 'active' : 'inactive'} /> },
    ...(manage
      ? [
          {
            title: t('net.common.actions'),
            key: 'actions',
            render: (_: unknown, a: Airline) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} aria-label={t('net.common.editOf', { name: a.code })}>
                {t('net.common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <span role="search" aria-label={t('air.common.filters')}>
          <KeywordSearch value={filters.keyword} placeholder={t('air.airline.search')} onSearch={(keyword) => setFilters({ keyword })} width={280} />
        </span>
        {manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('air.airline.new')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<Airline>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={airlines.isFetching}
        loadFailure={loadFailureOf(airlines)}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{
          emptyText: airlines.isLoading ? ' ' : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filters.keyword ? t('air.common.noMatch') : t('air.airline.empty')}>
              {manage && !filters.keyword && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('air.airline.new')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
      <AirlineModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export default function AirlinePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState({ tab: 'airlines' });
  const schedules = can('EX-FLIGHT-MANAGE');
  const tab = schedules && filters.tab === 'schedules' ? 'schedules' : 'airlines';
  return (
    <ScreenCard title={t('screen.airline')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key })}
        items={[
          { key: 'airlines', label: t('air.airline.tab'), children: tab === 'airlines' && <AirlineList /> },
          ...(schedules ? [{ key: 'schedules', label: t('air.schedule.tab'), children: tab === 'schedules' && <FeeSchedulesPanel /> }] : []),
        ]}
      />
    </ScreenCard>
  );
}
