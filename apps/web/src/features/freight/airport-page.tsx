import './locales';
import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Space, Switch, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AIRPORT_CODE_PATTERN, FREIGHT_LIMITS, type Airport, type ScreenDef } from '@exship/contracts';
import { FormModal, KeywordSearch, StatusTag, upper } from '../../shared/list-ui';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, useCan, useUrlState } from '../../shared/screen';
import { freightApi, FREIGHT_KEY, type AirportBody } from './api';
import { useAirports } from './shared';

// SPEC §2 /app/freight/airport (EX-AIRPORT-MANAGE): the airports of the air freight routes, with
// their IATA code (§5: letters and digits, no special characters), name, city and country; created
// and changed in a modal, the server's refusals shown on their fields.

interface AirportValues {
  code: string;
  name: string;
  city: string;
  country: string;
  active: boolean;
}

function AirportModal({ editing, onClose }: { editing: Airport | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const row = editing && editing !== 'new' ? editing : null;
  const save = async (v: AirportValues) => {
    const body: AirportBody = { code: v.code.trim(), name: v.name.trim(), city: (v.city ?? '').trim(), country: v.country.trim(), active: v.active };
    const res = row ? await freightApi.updateAirport(row._id, body) : await freightApi.createAirport(body);
    await queryClient.invalidateQueries({ queryKey: [FREIGHT_KEY] });
    return res;
  };
  return (
    <FormModal<AirportValues>
      open={editing !== null}
      title={row ? t('air.airport.editTitle', { code: row.code }) : t('air.airport.newTitle')}
      initialValues={row ? { code: row.code, name: row.name, city: row.city, country: row.country, active: row.active } : { code: '', name: '', city: '', country: '', active: true }}
      onClose={onClose}
      onSubmit={save}
    >
      <Form.Item
        name="code"
        label={t('air.airport.code')}
        normalize={upper}
        extra={t('air.airport.codeHint')}
        rules={[{ required: true, message: t('validation.required') }, { pattern: AIRPORT_CODE_PATTERN, message: t('validation.airportCode') }]}
      >
        <Input maxLength={FREIGHT_LIMITS.airportCodeMax} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('air.airport.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: FREIGHT_LIMITS.airportNameMax, message: t('validation.max100') }]}>
        <Input maxLength={FREIGHT_LIMITS.airportNameMax} />
      </Form.Item>
      <Form.Item name="city" label={t('air.airport.city')} rules={[{ max: 100, message: t('validation.max100') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="country"
        label={t('air.airport.country')}
        normalize={upper}
        extra={t('air.airport.countryHint')}
        rules={[{ required: true, message: t('validation.required') }, { pattern: /^[A-Z]{2}$/, message: t('validation.country.code') }]}
      >
        <Input maxLength={2} autoComplete="off" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="active" label={t('air.common.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

export default function AirportPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const manage = can('EX-AIRPORT-MANAGE');
  const [filters, setFilters] = useUrlState({ keyword: '' });
  const [editing, setEditing] = useState<Airport | 'new' | null>(null);
  const airports = useAirports();
  const rows = useMemo(() => {
    const k = filters.keyword.toLowerCase();
    return (airports.data ?? []).filter((a) => !k || [a.code, a.name, a.city, a.country].some((v) => v.toLowerCase().includes(k)));
  }, [airports.data, filters.keyword]);

  const columns: TableColumnsType<Airport> = [
    { title: t('air.airport.code'), dataIndex: 'code', render: (v: string) => <strong>{v}</strong> },
    { title: t('air.airport.name'), dataIndex: 'name' },
    { title: t('air.airport.city'), dataIndex: 'city', render: (v: string) => v || '—' },
    { title: t('air.airport.country'), dataIndex: 'country' },
    { title: t('air.common.status'), dataIndex: 'active', render: (v: boolean) => <StatusTag status={v ? 'active' : 'inactive'} /> },
    ...(manage
      ? [
          {
            title: t('net.common.actions'),
            key: 'actions',
            render: (_: unknown, a: Airport) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} aria-label={t('net.common.editOf', { name: a.code })}>
                {t('net.common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ScreenCard
      title={t('screen.airport')}
      extra={
        manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('air.airport.new')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('air.common.filters')}>
        <KeywordSearch value={filters.keyword} placeholder={t('air.airport.search')} onSearch={(keyword) => setFilters({ keyword })} width={280} />
      </Space>
      <ResponsiveTable<Airport>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={airports.isFetching}
        loadFailure={loadFailureOf(airports)}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{
          emptyText: airports.isLoading ? ' ' : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filters.keyword ? t('air.common.noMatch') : t('air.airport.empty')}>
              {manage && !filters.keyword && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('air.airport.new')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
      <AirportModal editing={editing} onClose={() => setEditing(null)} />
    </ScreenCard>
  );
}
