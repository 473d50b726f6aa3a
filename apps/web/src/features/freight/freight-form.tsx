import './locales';
import { Col, DatePicker, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FREIGHT_LIMITS, type FreightDetail } from '@exship/contracts';
import { validOffset, wallClockAt, wallClockWithOffset } from '@exship/domain';
import { useSession } from '../../api/session';
import { FormModal, upper } from '../../shared/list-ui';
import { FREIGHT_KEY, freightApi, type FreightBody } from './api';
import { mawbProblem, useAirlineOptions, useAirportOptions } from './shared';

// The create / edit form of a freight (SPEC §3 fields; §5 name up to 50): the MAWB number with its
// format and the IATA check digit checked as the server does (the airline's prefix when it has one),
// the airline, the route (two different airports), the departure and arrival dates in the user's
// time zone, the carrier. The server's refusals (a MAWB already used, an unknown airport) land on
// their fields.

interface FreightValues {
  name: string;
  mawb: string;
  airlineCode?: string;
  departureAirportCode?: string;
  arrivalAirportCode?: string;
  departureDate?: Dayjs | null;
  arrivalDate?: Dayjs | null;
  carrierCode?: string;
}

/** The user's offset (+07:00 by default), so a date picked reads as the user's wall clock. */
export function useOffset() {
  const { profile } = useSession();
  return validOffset(profile?.timeZone, '+07:00');
}

const toPicker = (iso: string | null | undefined, offset: string) => (iso ? dayjs(wallClockAt(iso, offset)) : null);
const fromPicker = (d: Dayjs, offset: string) => wallClockWithOffset(d.format('YYYY-MM-DDTHH:mm'), offset);

function Fields({ form }: { form: FormInstance<FreightValues> }) {
  const { t } = useTranslation();
  const airlineCode = Form.useWatch('airlineCode', form);
  const airlines = useAirlineOptions(airlineCode);
  const departures = useAirportOptions(Form.useWatch('departureAirportCode', form));
  const arrivals = useAirportOptions(Form.useWatch('arrivalAirportCode', form));
  const prefixOf = (code: string | undefined) => airlines.airlines.find((a) => a.code === code)?.mawbPrefix ?? null;
  const prefix = prefixOf(airlineCode);
  const required = { required: true, message: t('validation.required') };
  return (
    <>
      <Form.Item name="name" label={t('air.freight.name')} rules={[{ ...required, whitespace: true }, { max: FREIGHT_LIMITS.freightNameMax, message: t('validation.max50') }]}>
        <Input maxLength={FREIGHT_LIMITS.freightNameMax} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="airlineCode" label={t('air.freight.airline')} htmlFor="freight-airline" rules={[required]}>
            <Select
              id="freight-airline"
              showSearch={{ optionFilterProp: 'label' }}
              loading={airlines.loading}
              options={airlines.options}
              placeholder={t('air.common.pick')}
              onChange={(code: string) => {
                // A new MAWB starts with the airline's prefix.
                const p = prefixOf(code);
                if (p && !String(form.getFieldValue('mawb') ?? '').trim()) form.setFieldValue('mawb', `${p}-`);
                if (form.getFieldValue('mawb')) void form.validateFields(['mawb']);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="mawb"
            label={t('air.freight.mawb')}
            extra={prefix ? t('air.freight.mawbHintPrefix', { prefix }) : t('air.freight.mawbHint')}
            dependencies={['airlineCode']}
            rules={[{ validator: async (_r, v: string | undefined) => { const problem = mawbProblem(v ?? '', prefix, t); if (problem) throw new Error(problem); } }]}
            required
          >
            <Input maxLength={12} inputMode="numeric" autoComplete="off" placeholder="618-12345675" style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="departureAirportCode" label={t('air.freight.departureAirport')} htmlFor="freight-departure-airport" rules={[required]}>
            <Select id="freight-departure-airport" showSearch={{ optionFilterProp: 'label' }} loading={departures.loading} options={departures.options} placeholder={t('air.common.pick')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="arrivalAirportCode"
            label={t('air.freight.arrivalAirport')}
            htmlFor="freight-arrival-airport"
            dependencies={['departureAirportCode']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: async (_r, v: string | undefined) => {
                  if (v && v === getFieldValue('departureAirportCode')) throw new Error(t('validation.airport.sameRoute'));
                },
              }),
            ]}
          >
            <Select id="freight-arrival-airport" showSearch={{ optionFilterProp: 'label' }} loading={arrivals.loading} options={arrivals.options} placeholder={t('air.common.pick')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="departureDate" label={t('air.freight.departureDate')} htmlFor="freight-departure-date" rules={[required]}>
            <DatePicker id="freight-departure-date" showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="arrivalDate"
            label={t('air.freight.arrivalDate')}
            htmlFor="freight-arrival-date"
            dependencies={['departureDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, v: Dayjs | null | undefined) => {
                  const from = getFieldValue('departureDate') as Dayjs | null | undefined;
                  if (v && from && v.isBefore(from)) throw new Error(t('air.freight.arrivalBeforeDeparture'));
                },
              }),
            ]}
          >
            <DatePicker id="freight-arrival-date" showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="carrierCode" label={t('air.freight.carrier')} normalize={upper} extra={t('air.freight.carrierHint')} rules={[{ max: 50, message: t('validation.max50') }]}>
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
    </>
  );
}

/**
 * The freight form in a modal: `editing` is null (closed), 'new' or the freight to change (until it
 * is checked). `onSaved` gets the freight as the server answered.
 */
export function FreightFormModal({
  editing,
  onClose,
  onSaved,
  afterClose,
}: {
  editing: FreightDetail | 'new' | null;
  onClose: () => void;
  onSaved?: (f: FreightDetail) => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const offset = useOffset();
  const queryClient = useQueryClient();
  const row = editing && editing !== 'new' ? editing : null;
  const initial: FreightValues = row
    ? {
        name: row.name,
        mawb: row.mawb,
        airlineCode: row.airlineCode,
        departureAirportCode: row.departureAirportCode,
        arrivalAirportCode: row.arrivalAirportCode,
        departureDate: toPicker(row.departureDate, offset),
        arrivalDate: toPicker(row.arrivalDate, offset),
        carrierCode: row.carrierCode ?? '',
      }
    : // Tomorrow 09:00 on the user's clock.
      { name: '', mawb: '', departureDate: dayjs(wallClockAt(new Date(), offset)).add(1, 'day').hour(9).minute(0).second(0), arrivalDate: null, carrierCode: '' };
  const save = async (v: FreightValues) => {
    const body: FreightBody = {
      name: v.name.trim(),
      mawb: v.mawb.trim(),
      airlineCode: v.airlineCode ?? '',
      departureAirportCode: v.departureAirportCode ?? '',
      arrivalAirportCode: v.arrivalAirportCode ?? '',
      departureDate: v.departureDate ? fromPicker(v.departureDate, offset) : '',
      arrivalDate: v.arrivalDate ? fromPicker(v.arrivalDate, offset) : null,
      carrierCode: v.carrierCode?.trim() ? v.carrierCode.trim() : null,
    };
    const res = row ? await freightApi.updateFreight(row._id, body) : await freightApi.createFreight(body);
    await queryClient.invalidateQueries({ queryKey: [FREIGHT_KEY] });
    onSaved?.(res.data);
    return res;
  };
  return (
    <FormModal<FreightValues>
      open={editing !== null}
      title={row ? t('air.freight.editTitle', { mawb: row.mawb }) : t('air.freight.newTitle')}
      initialValues={initial}
      onClose={onClose}
      onSubmit={save}
      width={680}
      okText={row ? t('common.save') : t('air.freight.create')}
      afterClose={afterClose}
    >
      {(form) => <Fields form={form} />}
    </FormModal>
  );
}
