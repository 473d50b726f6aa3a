import { useMemo, useState } from 'react';
import { App, AutoComplete, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CHECK_LIMITS, AddressCheckBodySchema, subdivisionsOf, type AddressCheckBody, type AddressCheckRow, type AddressSuggestion } from '@exship/contracts';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { byCountryMatch, countryOptions, matchesCountry } from '../../shared/countries';
import { zodRule } from '../../shared/zod-rule';
import { addressCheckApi } from './api';
import { AddressResult } from './address-result';

// SPEC §2 address check, one address: the form, then the result with its reason and suggestion.

const s = AddressCheckBodySchema.shape;
const L = ADDRESS_CHECK_LIMITS;
type Values = Required<AddressCheckBody>;

export function SingleCheckCard({ onChecked }: { onChecked: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [result, setResult] = useState<AddressCheckRow | null>(null);
  const [busy, setBusy] = useState(false);
  const country = Form.useWatch('country', form);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  // The state stays free text (the check says when it is wrong); the country's subdivisions are offered.
  const states = useMemo(() => (country ? subdivisionsOf(country).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` })) : []), [country]);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const res = await addressCheckApi.check(values);
      setResult(res.data);
      onChecked();
    } catch (err) {
      if (!applyFieldErrors(form, err, t)) message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const apply = (suggestion: AddressSuggestion) => {
    form.setFieldsValue(Object.fromEntries(Object.entries(suggestion).filter(([, v]) => v)) as Partial<Values>);
    message.success(t('addressCheck.result.applied'));
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('addressCheck.result.copied'));
    } catch {
      message.error(t('addressCheck.result.copyFailed'));
    }
  };

  const text = (name: keyof Values, max: number, opts: { required?: boolean; span?: number } = {}) => (
    <Col xs={24} md={opts.span ?? 12}>
      <Form.Item name={name} label={t(`addressCheck.field.${name}`)} rules={[zodRule(s[name], t)]} required={opts.required}>
        <Input maxLength={max} autoComplete="off" />
      </Form.Item>
    </Col>
  );

  return (
    <Card size="small" title={t('addressCheck.single.title')} role="group" aria-label={t('addressCheck.single.title')}>
      <Form<Values> form={form} layout="vertical" initialValues={{ country: 'US', state: '', city: '', zip: '', address1: '', address2: '' }} onFinish={(v) => void submit(v)}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="country" label={t('addressCheck.field.country')} rules={[zodRule(s.country, t)]} required>
              <Select showSearch={{ filterOption: matchesCountry, filterSort: byCountryMatch }} options={countries} placeholder={t('addressCheck.single.countryPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="state" label={t('addressCheck.field.state')} rules={[zodRule(s.state, t)]}>
              <AutoComplete
                options={states}
                maxLength={L.stateMax}
                filterOption={(input, option) => !!option && (option.label as string).toLowerCase().includes(input.toLowerCase())}
                placeholder={t('addressCheck.single.statePlaceholder')}
              />
            </Form.Item>
          </Col>
          {text('city', L.cityMax)}
          {text('zip', L.zipMax)}
          {text('address1', L.addressMax, { span: 24, required: true })}
          {text('address2', L.addressMax, { span: 24 })}
        </Row>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={busy}>
          {t('addressCheck.single.submit')}
        </Button>
      </Form>
      {result && (
        <div style={{ marginTop: 16 }}>
          <AddressResult row={result} onApply={apply} onCopy={(v) => void copy(v)} />
        </div>
      )}
    </Card>
  );
}
