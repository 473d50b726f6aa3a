import './locales';
import { useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZoneBodySchema, ZoneRangeSchema } from '@exship/contracts';
import { catalogApi, type ZoneBody, type ZoneItem } from '../../api/endpoints';
import { zodRule } from '../../shared/zod-rule';
import { CatalogImport } from './import-panel';
import { CountryStatusFilters, FormModal, StatusTag, UrlServerTable, upper, useCan, useDownload, useEditing, useListQuery, useUrlState, editColumn, StatusField } from '../../shared/list-ui';

const DEFAULTS = { keyword: '', country: '', status: 'all', page: '1', pageSize: '10' };

/** Zones: a country, states and zip ranges (SPEC §3), with the xlsx template, import and export. */
export function ZonesTab() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<ZoneItem, ZoneBody>({
    create: catalogApi.createZone,
    update: catalogApi.updateZone,
    invalidate: ['zones'],
    toBody: (v) => ({ ...v, states: v.states ?? [], ranges: v.ranges ?? [] }),
  });
  const [importing, setImporting] = useState(false);
  const download = useDownload();
  const list = useListQuery('zones', filters, catalogApi.zones);
  const manage = can('EX-ZONE-MANAGE');
  const shape = ZoneBodySchema.shape;

  const columns: TableColumnsType<ZoneItem> = [
    { title: t('net.field.code'), dataIndex: 'code', width: 120 },
    { title: t('net.field.name'), dataIndex: 'name' },
    { title: t('net.field.status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
    { title: t('net.field.country'), dataIndex: 'country', width: 90 },
    {
      title: t('net.zone.states'),
      dataIndex: 'states',
      render: (states: string[]) => (states.length ? states.join(', ') : '—'),
    },
    {
      title: t('net.zone.ranges'),
      dataIndex: 'ranges',
      render: (ranges: ZoneItem['ranges']) =>
        ranges.length ? (
          <Space size={[4, 4]} wrap>
            {ranges.slice(0, 4).map((r) => (
              <Tag key={`${r.zipFrom}-${r.zipTo}`}>
                {r.zipFrom}–{r.zipTo}
              </Tag>
            ))}
            {ranges.length > 4 && <Tag>+{ranges.length - 4}</Tag>}
          </Space>
        ) : (
          '—'
        ),
    },
    ...editColumn<ZoneItem>(manage, editor.setEditing, t),
  ];

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        <CountryStatusFilters filters={filters} setFilters={setFilters} placeholder={t('net.zone.searchPlaceholder')} />
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<DownloadOutlined />} loading={download.busy === 'template'} onClick={() => download.run('template', catalogApi.zoneTemplate)}>
            {t('net.common.template')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={download.busy === 'export'} onClick={() => download.run('export', catalogApi.zoneExport)}>
            {t('net.common.export')}
          </Button>
          {manage && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('net.common.import')}
            </Button>
          )}
          {manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.setEditing('new')}>
              {t('net.zone.new')}
            </Button>
          )}
        </Space>
      </div>
      <UrlServerTable<ZoneItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<ZoneBody>
        {...editor.modalProps}
        title={editor.isNew ? t('net.zone.new') : t('net.zone.edit')}
        width={640}
        initialValues={editor.row ? { ...editor.row } : { status: 'active', country: 'US', states: [], ranges: [] }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={9}>
            <Form.Item name="code" label={t('net.field.code')} rules={[zodRule(shape.code, t)]} normalize={upper} required>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="name" label={t('net.field.name')} rules={[zodRule(shape.name, t)]} required>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={5}>
            <Form.Item name="country" label={t('net.field.country')} rules={[zodRule(shape.country, t)]} normalize={upper} required>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="states"
          label={t('net.zone.states')}
          extra={t('net.zone.statesHint')}
          normalize={(v: string[]) => (v ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean)}
          rules={[zodRule(shape.states, t)]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} aria-label={t('net.zone.states')} />
        </Form.Item>
        <Typography.Text strong>{t('net.zone.ranges')}</Typography.Text>
        <Form.List name="ranges">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'zipFrom']} rules={[zodRule(ZoneRangeSchema.shape.zipFrom, t)]}>
                    <Input placeholder={t('net.zone.zipFrom')} aria-label={t('net.zone.zipFrom')} inputMode="numeric" maxLength={29} style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'zipTo']}
                    dependencies={[['ranges', field.name, 'zipFrom']]}
                    rules={[
                      zodRule(ZoneRangeSchema.shape.zipTo, t),
                      ({ getFieldValue }) => ({
                        validator: async (_r, value: string) => {
                          const from = getFieldValue(['ranges', field.name, 'zipFrom']) as string | undefined;
                          if (from && value && /^\d+$/.test(from) && /^\d+$/.test(value) && BigInt(from) > BigInt(value)) throw new Error(t('validation.zip.order'));
                        },
                      }),
                    ]}
                  >
                    <Input placeholder={t('net.zone.zipTo')} aria-label={t('net.zone.zipTo')} inputMode="numeric" maxLength={29} style={{ width: 150 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('net.zone.removeRange')} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ zipFrom: '', zipTo: '' })} style={{ marginBottom: 16 }}>
                {t('net.zone.addRange')}
              </Button>
            </div>
          )}
        </Form.List>
        <StatusField />
      </FormModal>
      <CatalogImport
        open={importing}
        title={t('net.zone.importTitle')}
        onClose={() => setImporting(false)}
        upload={catalogApi.importZones}
        importLabel={t('net.zone.importConfirm')}
        describeValid={(r) => t('net.zone.importValid', { rows: r.rows, zones: r.zones })}
        onImported={() => void queryClient.invalidateQueries({ queryKey: ['zones'] })}
      />
    </>
  );
}
