import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { QuoteCalculator } from './quote-calculator';

// Issue 8 #19: the quote form's errors are current, say "required" for a blank zip code, and the
// three sides share one error line instead of wrapping each error in a narrow column.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const QUOTE = {
  service: { code: 'E2ES', name: 'E2E Standard' },
  chargeableWeight: 500,
  fees: { shippingFee: 10, seasonalFee: 0.5, signatureFee: 0, overLengthFee: 0, discount: 0, taxFee: 0, total: 10.5 },
  discountCode: null,
  routing: null,
  cost: null,
  margin: null,
};

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 10_000 });
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull(), { timeout: 10_000 });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Get quote/ }));

function fillParcel() {
  type('Weight', '500');
  type('Length', '10');
  type('Width', '10');
  type('Height', '10');
  type('Zip code', '90001');
}

describe('quote calculator', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a refused discount code error goes away with the next quote once the field is cleared', async () => {
    const bodies: { discountCode?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { discountCode?: string };
        bodies.push(body);
        if (body.discountCode)
          return json(422, { success: false, code: 'DISCOUNT_NOT_FOUND', message: 'Discount code not found.', errors: [{ field: 'discountCode', message: 'Discount code not found.' }] });
        return json(200, { success: true, message: 'OK', data: QUOTE });
      }),
    );
    renderWithProviders(<QuoteCalculator services={[{ code: 'E2ES', name: 'E2E Standard' }]} />);
    fillParcel();
    type('Discount code', 'nope');
    submit();
    expect(await find('Discount code not found.')).toBeTruthy();

    // Cleared with the form's clear, which antd does not validate (the field has no rules).
    fireEvent.change(field('Discount code'), { target: { value: '' } });
    submit();
    expect(await screen.findByTestId('quote-total', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bodies.at(-1)?.discountCode).toBeUndefined();
    await gone('Discount code not found.');
  });

  it('the error of a refused code also leaves when the next quote succeeds with the code still there', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls === 1
          ? json(422, { success: false, code: 'DISCOUNT_NOT_STARTED', message: 'x', errors: [{ field: 'discountCode', message: 'This discount code has not started yet.' }] })
          : json(200, { success: true, message: 'OK', data: QUOTE }),
      ),
    );
    renderWithProviders(<QuoteCalculator services={[{ code: 'E2ES', name: 'E2E Standard' }]} />);
    fillParcel();
    type('Discount code', 'SOON');
    submit();
    expect(await find('This discount code has not started yet.')).toBeTruthy();
    // The same form sent again (the code started meanwhile): no stale error under the field.
    submit();
    expect(await screen.findByTestId('quote-total', undefined, { timeout: 10_000 })).toBeTruthy();
    await gone('This discount code has not started yet.');
  });

  it('a blank zip code is required, not "digits only"', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<QuoteCalculator services={[{ code: 'E2ES', name: 'E2E Standard' }]} />);
    submit();
    expect(await find('This field is required.')).toBeTruthy();
    expect(screen.queryByText('Use digits only, under 30 characters.')).toBeNull();
    type('Zip code', '9a');
    expect(await find('Use digits only, under 30 characters.')).toBeTruthy();
  });

  it('the three missing sides say so once, on the line under the size row', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<QuoteCalculator services={[{ code: 'E2ES', name: 'E2E Standard' }]} />);
    type('Weight', '500');
    type('Zip code', '90001');
    submit();
    await waitFor(() => expect(screen.getAllByText('Dimensions are missing, so the price cannot be calculated.')).toHaveLength(1), { timeout: 10_000 });
    const error = screen.getByText('Dimensions are missing, so the price cannot be calculated.');
    // The error sits in the size group's item, which holds all three sides.
    const item = error.closest('.ant-form-item')!;
    for (const side of ['Length', 'Width', 'Height']) expect(item.contains(field(side))).toBe(true);
    type('Length', '10');
    type('Width', '10');
    await waitFor(() => expect(screen.getAllByText('Dimensions are missing, so the price cannot be calculated.')).toHaveLength(1));
    type('Height', '0.1');
    expect(await find('Each side must be above 0.25 cm and below 99999 cm.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
