import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { envelope, failure, fakeApi } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import OrderWizardPage from './order-wizard-page';
import { prefillFromQuery } from './order-form';

// SPEC §2 "Order create and edit": information → shipping → review → payment. Each step checks its
// fields with the contract's rules before the next one; the review prices the order on the server;
// server field errors land on their field and reopen its step; the Price screen's query pre-fills.

const SELLER = ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-CREATE', 'EX-PRODUCT-LIST', 'EX-PRICING-VIEW'];
const FEES = { shippingFee: 8.9, discount: 0, taxFee: 0.53, seasonalFee: 0.3, overLengthFee: 0, signatureFee: 2.5, surcharge: 0, total: 12.23 };
const T = { timeout: 15_000 };

function stubApi(onCreate: (body: unknown) => Response = () => envelope({ _id: 'new-order-id', exOrderId: 'EX00000000AB', totalPrice: 12.23, paid: false }, { status: 201, message: 'Order created.' })) {
  return fakeApi((call) => {
    if (call.path === '/pricing/sell-prices') return envelope([{ service: { id: 's1', code: 'STD', name: 'Standard', signatureFee: 2.5 }, brackets: [] }]);
    if (call.path === '/orders/price') return envelope({ fees: FEES, chargeableWeight: 500, serviceName: 'Standard' });
    if (call.path === '/orders' && call.method === 'POST') return onCreate(call.body);
    return envelope({ items: [], total: 0, page: 1, pageSize: 20, totalWaitingApproval: 0, totalCount: 0 });
  });
}

function renderWizard(path = '/app/orders/create-order') {
  session.signIn('token-1', makeProfile({ permissions: SELLER }));
  return renderRoutes(
    [
      { path: '/app/orders/create-order', element: <OrderWizardPage /> },
      { path: '/app/orders/order-detail/:orderId', element: <p>order detail page</p> },
    ],
    path,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
/** The error under the form item that holds this input. */
const errorOf = (label: string) => input(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
const currentStep = () => document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;

/** Picks an option of a searchable Select by typing part of its text. */
async function pick(label: string, search: string, title: RegExp | string) {
  const select = input(label);
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(title, undefined, T));
}
const pickCountry = (name: string) => pick('Country', name, new RegExp(`^${name}`));

async function fillShipping() {
  type('First name', 'Jane');
  type('Last name', 'Doe');
  await pick('State / province', 'Calif', 'California (CA)');
  type('City', 'Los Angeles');
  type('Zip code', '90001');
  type('Address line 1', '100 Main St');
  type('Length', '20');
  type('Width', '15');
  type('Height', '5');
  type('Weight', '500');
  const service = input('Service');
  fireEvent.mouseDown(service);
  fireEvent.click(await screen.findByTitle('STD — Standard', undefined, T));
}

describe('order wizard', { timeout: 180_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('a step change scrolls to the top of the wizard (Next sits at the bottom of a long step)', async () => {
    stubApi();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderWizard();
      await screen.findByRole('heading', { name: 'Create order' }, T);
      // Opening the page does not move it.
      expect(scrollIntoView).not.toHaveBeenCalled();
      type('Order name', 'ORDER-1');
      next();
      await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'start' });
      // The element scrolled to holds the steps and the screen's title.
      expect(scrolled[0]!.contains(screen.getByRole('heading', { name: 'Create order' }))).toBe(true);
      expect(scrolled[0]!.querySelector('.ant-steps')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(currentStep()).toBe('Information'), T);
      expect(scrollIntoView).toHaveBeenCalledTimes(2);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('each step checks its fields with the contract before moving on', async () => {
    stubApi();
    renderWizard();
    await screen.findByRole('heading', { name: 'Create order' }, T);
    expect(currentStep()).toBe('Information');

    next();
    await waitFor(() => expect(errorOf('Order name')).toBe('This field is required.'), T);
    type('Order name', 'has space');
    await waitFor(() => expect(errorOf('Order name')).toBe('The order name cannot contain spaces.'), T);
    type('Order name', 'ORDER-1');
    next();
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);

    // Shipping: required fields and measures.
    next();
    await waitFor(() => expect(errorOf('First name')).toBe('This field is required.'), T);
    await waitFor(() => expect(errorOf('Weight')).toBe('The weight is missing, so the price cannot be calculated.'), T);
    // A US address names its state from the ISO list.
    expect(errorOf('State / province')).toBe('This field is required.');
    expect(currentStep()).toBe('Shipping');
    type('Address line 1', 'Main Street');
    await waitFor(() => expect(errorOf('Address line 1')).toBe('Enter a street address with a house number and a street name.'), T);
    type('Zip code', '9000A');
    await waitFor(() => expect(errorOf('Zip code')).toBe('Use digits only, under 30 characters.'), T);

    // Outside the US, email and phone are required (SPEC §5).
    await fillShipping();
    next();
    await waitFor(() => expect(currentStep()).toBe('Review'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await pickCountry('Vietnam');
    next();
    await waitFor(() => expect(errorOf('Email')).toBe('An email is required outside the US.'), T);
    await waitFor(() => expect(errorOf('Phone')).toBe('A phone number is required outside the US.'), T);
    expect(currentStep()).toBe('Shipping');
  });

  it('a seller goes through the four steps: the review shows the server price, the order is created unpaid', async () => {
    const calls = stubApi();
    const { router } = renderWizard();
    await screen.findByRole('heading', { name: 'Create order' }, T);
    type('Order name', 'ORDER-42');
    expect(await screen.findByText(/No products: the order ships a free parcel/, undefined, T)).toBeTruthy();
    next();
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
    await fillShipping();
    fireEvent.click(screen.getByRole('switch', { name: 'Signature' }));
    next();

    await waitFor(() => expect(currentStep()).toBe('Review'), T);
    expect((await screen.findByTestId('fee-total', undefined, T)).textContent).toBe('$12.23');
    expect(screen.getByText('Signature fee')).toBeTruthy();
    const price = calls.find((c) => c.url === '/api/v1/orders/price')!;
    expect(price.body).toMatchObject({ orderName: 'ORDER-42', serviceCode: 'STD', signature: true, weightGr: 500, lines: [], recipient: { country: 'US', state: 'CA', zipcode: '90001', address1: '100 Main St' } });

    next();
    await waitFor(() => expect(currentStep()).toBe('Payment'), T);
    expect(screen.getByText(/saves the order unpaid/)).toBeTruthy();
    // Without EX-ORDER-PAY there is no "Create and pay".
    expect(screen.queryByRole('button', { name: 'Create and pay' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Credit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders/order-detail/new-order-id'), T);
    const create = calls.find((c) => c.url === '/api/v1/orders' && c.method === 'POST')!;
    expect(create.body).toMatchObject({ orderName: 'ORDER-42', paymentMethod: 'credit', signature: true, lengthCm: 20, widthCm: 15, heightCm: 5 });
  });

  it('a server field error lands on its field and reopens its step', async () => {
    stubApi(() => failure(400, 'VALIDATION_FAILED', 'Check the fields.', { errors: [{ field: 'recipient.zipcode', message: 'validation.zip.unknown' }] }));
    renderWizard();
    await screen.findByRole('heading', { name: 'Create order' }, T);
    type('Order name', 'ORDER-43');
    next();
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
    await fillShipping();
    next();
    await screen.findByTestId('fee-total', undefined, T);
    next();
    await waitFor(() => expect(currentStep()).toBe('Payment'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
    await waitFor(() => expect(errorOf('Zip code')).toBe('This ZIP code does not exist in the US.'), T);
  });

  it('the Price screen query pre-fills the shipping step', async () => {
    stubApi();
    renderWizard('/app/orders/create-order?serviceCode=std&country=US&state=ca&zipcode=90001&weight=500&length=20&width=15&height=5&signature=true');
    await screen.findByRole('heading', { name: 'Create order' }, T);
    type('Order name', 'ORDER-44');
    next();
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
    expect(input('Zip code').value).toBe('90001');
    expect(await screen.findByTitle('California (CA)', undefined, T)).toBeTruthy();
    expect(input('Weight').value).toBe('500');
    expect(input('Length').value).toBe('20');
    expect(screen.getByRole('switch', { name: 'Signature' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByTitle('STD — Standard', undefined, T)).toBeTruthy();
  });

  it('the discount code a rate was quoted with is on the form, in the price and in the created order', async () => {
    const calls = stubApi();
    renderWizard('/app/orders/create-order?serviceCode=STD&country=US&state=CA&zipcode=90001&weight=500&length=20&width=15&height=5&signature=false&discountCode=welcome10');
    await screen.findByRole('heading', { name: 'Create order' }, T);
    type('Order name', 'ORDER-45');
    next();
    await waitFor(() => expect(currentStep()).toBe('Shipping'), T);
    expect(input('Discount code').value).toBe('WELCOME10');
    type('First name', 'Jane');
    type('City', 'Los Angeles');
    type('Address line 1', '100 Main St');
    next();
    await waitFor(() => expect(currentStep()).toBe('Review'), T);
    await screen.findByTestId('fee-total', undefined, T);
    expect(calls.find((c) => c.url === '/api/v1/orders/price')!.body).toMatchObject({ serviceCode: 'STD', discountCode: 'WELCOME10' });
    next();
    await waitFor(() => expect(currentStep()).toBe('Payment'), T);
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/orders' && c.method === 'POST')).toBe(true), T);
    expect(calls.find((c) => c.url === '/api/v1/orders' && c.method === 'POST')!.body).toMatchObject({ discountCode: 'WELCOME10', serviceCode: 'STD' });
  });

  it('prefillFromQuery leaves out malformed values', () => {
    expect(prefillFromQuery(new URLSearchParams('country=USA&zipcode=9a&weight=-1&length=abc&signature=maybe&serviceCode=EXP&discountCode=NO%20SPACE'))).toEqual({ serviceCode: 'EXP' });
    expect(prefillFromQuery(new URLSearchParams('discountCode=welcome10'))).toEqual({ discountCode: 'WELCOME10' });
  });
});

describe('edit address without an order', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('offers a search by order ID, name or tracking number, and opens the chosen order', async () => {
    const found = { id: 'o-1', exOrderId: 'EX12345678AB', orderName: 'Mug for Ann', customer: { id: 'c', email: 'ann@example.com', fullName: 'Ann' }, status: 'paid', trackingNumber: null };
    const calls = fakeApi((call) => {
      if (call.path === '/orders' && call.search.get('keyword') === 'Mug') return envelope({ items: [found], total: 1, page: 1, pageSize: 10 });
      if (call.path === '/orders') return envelope({ items: [], total: 0, page: 1, pageSize: 10 });
      return envelope(null);
    });
    session.signIn('token-1', makeProfile({ role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' }, permissions: ['EX-ORDER-LIST', 'EX-ORDER-DETAIL', 'EX-ORDER-UPDATE', 'EX-ACT-FOR-CUSTOMER'] }));
    const { router } = renderRoutes([{ path: '/app/orders/admin-edit-address', element: <OrderWizardPage screen={{ id: 'adminEditAddress' } as never} /> }], '/app/orders/admin-edit-address');
    const search = await screen.findByRole('searchbox', { name: 'Order ID, order name or tracking number' }, T);
    fireEvent.change(search, { target: { value: ' Mug ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const list = await screen.findByRole('list', { name: 'Orders found' }, T);
    expect(list.textContent).toContain('EX12345678AB');
    expect(list.textContent).toContain('Mug for Ann');
    expect(list.textContent).toContain('ann@example.com');
    expect(calls.find((c) => c.path === '/orders')?.search.get('keyword')).toBe('Mug');
    fireEvent.click(screen.getByRole('link', { name: 'Edit address of EX12345678AB' }));
    await waitFor(() => expect(router.state.location.search).toBe('?exOrderId=EX12345678AB'));

    // Nothing found says so.
    router.navigate('/app/orders/admin-edit-address');
    const again = await screen.findByRole('searchbox', { name: 'Order ID, order name or tracking number' }, T);
    fireEvent.change(again, { target: { value: 'nothing' } });
    fireEvent.keyDown(again, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('No order matches.', undefined, T)).toBeTruthy();
  });
});
