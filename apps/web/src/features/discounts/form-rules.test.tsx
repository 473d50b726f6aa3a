import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render';
import { RAW_ZOD, SLOW, cleanUpAfterEach, errorUnder, signIn } from '../../test/forms';
import DiscountDetailPage from './discount-detail-page';

// The discount form takes its rules from the contracts' schemas: an empty required field says it is
// required (never zod's own text), an out-of-range percent is refused and kept as typed (never
// capped), and a discount that does not exist says so.
cleanUpAfterEach();

describe('the discount form', { timeout: 40_000 }, () => {
  const open = async () => {
    signIn(['EX-DISCOUNT-LIST', 'EX-DISCOUNT-MANAGE']);
    renderRoutes([{ path: '/app/discount/:discountCode', element: <DiscountDetailPage /> }], '/app/discount/new');
    return (await screen.findByText('Create discount', { selector: 'button span' }, SLOW)).closest('form')!;
  };

  it('says an empty discount value is required', async () => {
    const form = await open();
    fireEvent.click(within(form).getByText('Create discount', { selector: 'button span' }));
    const text = await errorUnder(form, 'Discount value');
    expect(text).toBe('This field is required.');
    expect(text).not.toMatch(RAW_ZOD);
    expect(await errorUnder(form, 'Discount code')).toBe('This field is required.');
  });

  it('refuses a percent of 150 with the rule and keeps what was typed (no capping at 100)', async () => {
    const form = await open();
    const input = within(form).getByLabelText('Discount value') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.blur(input);
    expect(await errorUnder(form, 'Discount value')).toBe('The percentage is out of range.');
    expect(input.value).toMatch(/^150(\.00)?$/);
  });
});

describe('a discount that does not exist', { timeout: 40_000 }, () => {
  it('/app/discount/NOPE says the discount does not exist', async () => {
    signIn(['EX-DISCOUNT-LIST']);
    renderRoutes([{ path: '/app/discount/:discountCode', element: <DiscountDetailPage /> }], '/app/discount/NOPE');
    expect(await screen.findByText(/This discount does not exist/, {}, SLOW)).toBeTruthy();
  });
});
