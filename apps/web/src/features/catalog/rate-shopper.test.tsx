import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import { RateShopper } from './rate-shopper';

// Rate shopping on the Price screen: every service side by side, cheapest first and tagged, with
// transit days, fee lines and a link that opens the order form with the parcel. Also the form's
// own rules: current errors, "required" for a blank zip code, one line for the sides.

const fees = (shippingFee: number, extra: Partial<Record<'seasonalFee' | 'signatureFee' | 'overLengthFee' | 'discount' | 'taxFee', number>> = {}) => {
  const f = { shippingFee, seasonalFee: 0, signatureFee: 0, overLengthFee: 0, discount: 0, taxFee: 0, ...extra };
  return { ...f, total: Math.round((f.shippingFee + f.seasonalFee + f.signatureFee + f.overLengthFee - f.discount + f.taxFee) * 100) / 100 };
};
const rate = (serviceCode: string, serviceName: string, carrierName: string, days: [number | null, number | null], f: ReturnType<typeof fees>) => ({
  serviceCode, serviceName, carrierName, transitDaysMin: days[0], transitDaysMax: days[1], fees: f, total: f.total, discountCode: null,
});
const RATES = {
  chargeableWeight: 500,
  rates: [
    rate('ECO', 'Economy', 'SBT Express', [6, 10], fees(5, { taxFee: 0.5 })),
    rate('STD', 'Standard', 'SBT Express', [null, null], fees(8, { seasonalFee: 0.5, taxFee: 0.85 })),
    rate('EXP', 'Express', 'Fly Air', [1, 3], fees(20, { seasonalFee: 1, taxFee: 2.1 })),
  ],
  unavailable: [{ serviceCode: 'DEONLY', serviceName: 'Germany only', reasonCode: 'NO_ROUTE', reason: 'Not offered for this destination and weight.' }],
};

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const find = (text: string) => screen.findByText(text, undefined, { timeout: 10_000 });
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull(), { timeout: 10_000 });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Compare rates/ }));

function fillParcel() {
  type('Weight', '500');
  type('Length', '10');
  type('Width', '10');
  type('Height', '10');
  type('State', 'ny');
  type('Zip code', '10001');
}

function renderScreen(permissions = ['EX-QUOTE', 'EX-ORDER-CREATE']) {
  session.signIn('token-1', makeProfile({ permissions }));
  return renderRoutes(
    [
      { path: '/app/carrier/pricing', element: <RateShopper /> },
      { path: '/app/orders/create-order', element: <p>Order form</p> },
    ],
    '/app/carrier/pricing',
  );
}

describe('rate shopper', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows every rate side by side, cheapest first and tagged, with transit days and the fee lines any rate has', async () => {
    const calls = fakeApi(() => envelope(RATES));
    renderScreen();
    expect(screen.getByText(/Enter the parcel and where it goes/)).toBeTruthy();
    fillParcel();
    submit();
    const list = await screen.findByRole('list', { name: 'Rates' }, { timeout: 10_000 });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Economy', 'Standard', 'Express']);
    expect(calls[0]!.body).toEqual({ weight: 500, length: 10, width: 10, height: 10, country: 'US', state: 'NY', zipcode: '10001', signature: false });

    const [eco, std, exp] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(eco).getByText('Cheapest')).toBeTruthy();
    expect(within(std).queryByText('Cheapest')).toBeNull();
    expect(within(exp).getByText('Fastest')).toBeTruthy();
    expect(within(eco).getByText('6–10 days')).toBeTruthy();
    expect(within(std).getByText('Transit time not stated')).toBeTruthy();
    expect(within(eco).getByText('ECO · SBT Express')).toBeTruthy();
    expect(within(exp).getByTestId('rate-total').textContent).toContain('$23.10');
    // Seasonal fees: one rate has one, so every card shows the line; nobody pays an over-length fee.
    expect(within(eco).getByText('Seasonal fee')).toBeTruthy();
    expect(screen.queryByText('Over-length fee')).toBeNull();
    expect(screen.getByText(/3 services can carry this parcel · chargeable weight 500 g/)).toBeTruthy();

    // Services that cannot carry the parcel say why.
    const unavailable = screen.getByRole('list', { name: 'Not available for this parcel' });
    expect(unavailable.textContent).toBe('Germany only (DEONLY) — Not offered for this destination and weight.');
  });

  it('"Create order" opens the order form with the service and the parcel in the address', async () => {
    fakeApi(() => envelope(RATES));
    const { router } = renderScreen();
    fillParcel();
    fireEvent.click(field('Signature on delivery'));
    submit();
    const link = await screen.findByRole('link', { name: 'Create order with Express' }, { timeout: 10_000 });
    const expected = '/app/orders/create-order?serviceCode=EXP&country=US&state=NY&zipcode=10001&weight=500&length=10&width=10&height=10&signature=true';
    expect(link.getAttribute('href')).toBe(expected);
    // Editing the form afterwards does not change what the shown rates were for.
    type('Zip code', '99999');
    fireEvent.click(link);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected));
    expect(await find('Order form')).toBeTruthy();
  });

  it('"Create order" carries the discount code the rate was priced with, and only where it applied', async () => {
    const withCode = {
      ...RATES,
      rates: [
        { ...rate('ECO', 'Economy', 'SBT Express', [6, 10], fees(5, { taxFee: 0.5 })), discountCode: null },
        { ...rate('STD', 'Standard', 'SBT Express', [null, null], fees(8.9, { seasonalFee: 0.3, discount: 0.89, taxFee: 0.5 })), discountCode: 'WELCOME10' },
      ],
    };
    const calls = fakeApi(() => envelope(withCode));
    const { router } = renderScreen();
    fillParcel();
    type('Discount code', 'welcome10');
    submit();
    const standard = await screen.findByRole('link', { name: 'Create order with Standard' }, { timeout: 10_000 });
    expect(calls[0]!.body).toMatchObject({ discountCode: 'WELCOME10' });
    const expected = '/app/orders/create-order?serviceCode=STD&country=US&state=NY&zipcode=10001&weight=500&length=10&width=10&height=10&signature=false&discountCode=WELCOME10';
    expect(standard.getAttribute('href')).toBe(expected);
    // The code is for other services: Economy's price has no discount, nor has its order.
    expect(screen.getByRole('link', { name: 'Create order with Economy' }).getAttribute('href')).not.toContain('discountCode');
    fireEvent.click(standard);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected));
  });

  it('offers no "Create order" to someone who may not create orders', async () => {
    fakeApi(() => envelope(RATES));
    renderScreen(['EX-QUOTE']);
    fillParcel();
    submit();
    await screen.findByRole('list', { name: 'Rates' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: /Create order with/ })).toBeNull();
  });

  it('shows a loading state, then says when no service can carry the parcel', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderScreen();
    fillParcel();
    submit();
    expect(await screen.findByRole('status', { name: 'Getting rates…' }, { timeout: 10_000 })).toBeTruthy();
    answer(envelope({ chargeableWeight: 500, rates: [], unavailable: RATES.unavailable }));
    expect(await find('No service can carry this parcel to this destination.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Getting rates…' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Not available for this parcel' }).textContent).toContain('Germany only');
  });

  it('finds a country by its name without accents or by its code', async () => {
    const calls = fakeApi(() => envelope(RATES));
    renderScreen();
    const country = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.mouseDown(country);
    fireEvent.change(country, { target: { value: 'de' } });
    // The code typed in full comes first.
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')?.textContent).toBe('Germany (DE)'));
    fireEvent.change(country, { target: { value: 'cote' } });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')?.textContent).toBe('Côte d’Ivoire (CI)'));
    fireEvent.change(country, { target: { value: 'viet' } });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')?.textContent).toBe('Vietnam (VN)'));
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    fillParcel();
    submit();
    await waitFor(() => expect(calls[0]?.body.country).toBe('VN'));
  });

  it('a refused discount code error goes away with the next request once the field is cleared', async () => {
    const calls = fakeApi(({ body }) =>
      (body as { discountCode?: string }).discountCode
        ? failure(422, 'DISCOUNT_NOT_FOUND', 'Discount code not found.', { errors: [{ field: 'discountCode', message: 'Discount code not found.' }] })
        : envelope(RATES),
    );
    renderScreen();
    fillParcel();
    type('Discount code', 'nope');
    submit();
    expect(await find('Discount code not found.')).toBeTruthy();
    // Cleared with the form's clear, which antd does not validate (the field has no rules).
    fireEvent.change(field('Discount code'), { target: { value: '' } });
    submit();
    expect(await screen.findByRole('list', { name: 'Rates' }, { timeout: 10_000 })).toBeTruthy();
    expect(calls.at(-1)?.body.discountCode).toBeUndefined();
    await gone('Discount code not found.');
  });

  it('the error of a refused code also leaves when the next request succeeds with the code still there', async () => {
    const calls = fakeApi(() =>
      calls.length === 1 ? failure(422, 'DISCOUNT_NOT_STARTED', 'x', { errors: [{ field: 'discountCode', message: 'This discount code has not started yet.' }] }) : envelope(RATES),
    );
    renderScreen();
    fillParcel();
    type('Discount code', 'SOON');
    submit();
    expect(await find('This discount code has not started yet.')).toBeTruthy();
    submit();
    expect(await screen.findByRole('list', { name: 'Rates' }, { timeout: 10_000 })).toBeTruthy();
    await gone('This discount code has not started yet.');
  });

  it('a blank zip code is required, not "digits only"', async () => {
    fakeApi();
    renderScreen();
    submit();
    expect(await find('This field is required.')).toBeTruthy();
    expect(screen.queryByText('Use digits only, under 30 characters.')).toBeNull();
    type('Zip code', '9a');
    expect(await find('Use digits only, under 30 characters.')).toBeTruthy();
  });

  it('the three missing sides say so once, on the line under the size row', async () => {
    const calls = fakeApi();
    renderScreen();
    type('Weight', '500');
    type('Zip code', '90001');
    submit();
    await waitFor(() => expect(screen.getAllByText('Dimensions are missing, so the price cannot be calculated.')).toHaveLength(1), { timeout: 10_000 });
    const error = screen.getByText('Dimensions are missing, so the price cannot be calculated.');
    const item = error.closest('.ant-form-item')!;
    for (const side of ['Length', 'Width', 'Height']) expect(item.contains(field(side))).toBe(true);
    type('Length', '10');
    type('Width', '10');
    await waitFor(() => expect(screen.getAllByText('Dimensions are missing, so the price cannot be calculated.')).toHaveLength(1));
    type('Height', '0.1');
    expect(await find('Each side must be above 0.25 cm and below 99999 cm.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
