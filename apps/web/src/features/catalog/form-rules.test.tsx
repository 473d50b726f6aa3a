import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../app/i18n';
import { renderRoutes } from '../../test/render';
import { RAW_ZOD, SLOW, cleanUpAfterEach, errorUnder, signIn } from '../../test/forms';
import ServiceDetailPage from './service-detail-page';
import ServiceListPage from './service-list-page';
import WarehousePage from './warehouse-page';

// The forms take their rules from the contracts' schemas: an empty required field says it is
// required (never zod's own text), an out-of-range number is refused and kept as typed (never
// capped), and a detail screen whose record does not exist says so.

cleanUpAfterEach();

describe('the warehouse form', { timeout: 40_000 }, () => {
  it.each([
    ['en', 'New warehouse', 'Save', ['Address', 'City', 'Zip code'], 'This field is required.'],
    ['vi', undefined, undefined, undefined, 'Trường này là bắt buộc.'],
  ] as const)('(%s) says each empty required field is required', async (language, newLabel, saveLabel, labels, required) => {
    signIn(['EX-WAREHOUSE-LIST', 'EX-WAREHOUSE-MANAGE'], language);
    renderRoutes([{ path: '/app/warehouse', element: <WarehousePage /> }], '/app/warehouse');
    fireEvent.click(await screen.findByText(newLabel ?? i18n.t('net.warehouse.new'), { selector: 'button span' }, SLOW));
    const modal = (await screen.findByRole('dialog', {}, SLOW)) as HTMLElement;
    fireEvent.click(within(modal).getByText(saveLabel ?? i18n.t('common.save'), { selector: 'button span' }));
    for (const label of labels ?? ['net.field.address', 'net.field.city', 'net.field.zipcode'].map((k) => i18n.t(k))) {
      const text = await errorUnder(modal, label);
      expect(text).toBe(required);
      expect(text).not.toMatch(RAW_ZOD);
    }
  });
});

describe('the service form', { timeout: 40_000 }, () => {
  it('takes transit days from 0 to 90, the fewest not above the most', async () => {
    signIn(['EX-SERVICE-LIST', 'EX-SERVICE-MANAGE']);
    renderRoutes([{ path: '/app/carrier/service', element: <ServiceListPage /> }], '/app/carrier/service');
    fireEvent.click(await screen.findByText('New service', { selector: 'button span' }, SLOW));
    const modal = (await screen.findByRole('dialog', {}, SLOW)) as HTMLElement;
    const input = (label: string) => within(modal).getByLabelText(label, { exact: true }) as HTMLInputElement;
    fireEvent.change(input('Transit days, fewest'), { target: { value: '5' } });
    fireEvent.change(input('Transit days, most'), { target: { value: '3' } });
    fireEvent.click(within(modal).getByText('Save', { selector: 'button span' }));
    expect(await errorUnder(modal, 'Transit days, most')).toBe('The fewest days must not be above the most days.');
    // Kept as typed (never capped), and refused.
    fireEvent.change(input('Transit days, most'), { target: { value: '91' } });
    await waitFor(async () => expect(await errorUnder(modal, 'Transit days, most')).toBe('Enter a whole number of days from 0 to 90.'), SLOW);
    expect(input('Transit days, most').value).toBe('91');
  });
});

describe('detail screens of a record that does not exist', { timeout: 40_000 }, () => {
  it('/app/carrier/service/xyz says the service does not exist', async () => {
    signIn(['EX_VIEW_SERVICE']);
    renderRoutes([{ path: '/app/carrier/service/:serviceId', element: <ServiceDetailPage /> }], '/app/carrier/service/xyz');
    expect(await screen.findByText(/This service does not exist/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Some fields are not valid.')).toBeNull();
  });
});
