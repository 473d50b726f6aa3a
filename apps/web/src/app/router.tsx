import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { SCREENS, type ScreenDef } from '@exship/contracts';
import { setSessionEndHandler } from '../api/client';
import { session } from '../api/session';
import { LazyServerErrorPage } from '../features/errors/error-boundary';
import { GuestOnly, RequireAuth, ScreenRoute, SignOutRedirect } from './guards';
import { languageFromUrl } from './i18n';
import { lazyScreen } from './lazy-screen';

// Every screen below is its own chunk (React.lazy through lazyScreen); the entry holds only
// the router, the guards, i18n and the API client.
const AppLayout = lazyScreen(() => import('./layout/app-layout'));
const AuthLayout = lazyScreen(() => import('../features/auth/auth-layout'));
const PublicLayout = lazyScreen(() => import('../features/public/public-layout'));

const LoginPage = lazyScreen(() => import('../features/auth/login-page'));
const SignupPage = lazyScreen(() => import('../features/auth/signup-page'));
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazyScreen(() => import('../features/auth/reset-password-page'));
const VerifyAccountPage = lazyScreen(() => import('../features/auth/verify-account-page'));
const ConfirmInvitePage = lazyScreen(() => import('../features/auth/confirm-invite-page'));

const DashboardPage = lazyScreen(() => import('../features/dashboard/dashboard-page'));
const ProfilePage = lazyScreen(() => import('../features/profile/profile-page'));
const ForbiddenPage = lazyScreen(() => import('../features/errors/forbidden-page'));
const NotFoundPage = lazyScreen(() => import('../features/errors/not-found-page'));

// Shipping network and pricing, discounts.
const CarrierListPage = lazyScreen(() => import('../features/catalog/carrier-list-page'));
const ServiceListPage = lazyScreen(() => import('../features/catalog/service-list-page'));
const ServiceDetailPage = lazyScreen(() => import('../features/catalog/service-detail-page'));
const WarehousePage = lazyScreen(() => import('../features/catalog/warehouse-page'));
const TaxPage = lazyScreen(() => import('../features/catalog/tax-page'));
const CarrierConfigPage = lazyScreen(() => import('../features/catalog/carrier-config-page'));
const PricingPage = lazyScreen(() => import('../features/catalog/pricing-page'));
const DiscountListPage = lazyScreen(() => import('../features/discounts/discount-list-page'));
const DiscountDetailPage = lazyScreen(() => import('../features/discounts/discount-detail-page'));

// Products with approval, product imports, weight thresholds and actual-weight fees.
const ProductListPage = lazyScreen(() => import('../features/products/product-list-page'));
const ProductDetailPage = lazyScreen(() => import('../features/products/product-detail-page'));
const ActualWeightFeesPage = lazyScreen(() => import('../features/products/actual-weight-fees-page'));

// Orders: the list, the detail with its actions, the create/edit wizard, the order and surcharge imports.
const OrderListPage = lazyScreen(() => import('../features/orders/order-list-page'));
const OrderDetailPage = lazyScreen(() => import('../features/orders/order-detail-page'));
const OrderWizardPage = lazyScreen(() => import('../features/orders/order-wizard-page'));
const ImportOrdersPage = lazyScreen(() => import('../features/orders/import-orders-page'));
const ImportSurchargePage = lazyScreen(() => import('../features/orders/import-surcharge-page'));

// Billing: the seller's wallet and top-ups, credit customers, invoices and transactions (staff: every seller; a seller: its own).
const BillingPage = lazyScreen(() => import('../features/billing/BillingPage'));
const UserManagementPage = lazyScreen(() => import('../features/users/user-management-page'));

// Notifications: everyone's own list; staff write, schedule and publish them.
const NotificationsPage = lazyScreen(() => import('../features/notifications/notifications-page'));
// Email templates: staff edit every mail per language.
const EmailsPage = lazyScreen(() => import('../features/emails/emails-page'));

// Labels and tracking: track routing, tracking logs, SCAN forms; the buyer's public tracking page.
const TrackRoutingPage = lazyScreen(() => import('../features/shipping/track-routing-page'));
const TrackingLogsPage = lazyScreen(() => import('../features/shipping/tracking-logs-page'));
const ScanFormPage = lazyScreen(() => import('../features/shipping/scan-form-page'));
const PublicTrackingPage = lazyScreen(() => import('../features/shipping/public-tracking-page'));

// The warehouse floor: check-in, cartons by scanner, check-out, the box listing.
const CheckInPage = lazyScreen(() => import('../features/floor/check-in-page'));
const PackagedScannerPage = lazyScreen(() => import('../features/floor/packaged-scanner-page'));
const CheckOutPage = lazyScreen(() => import('../features/floor/check-out-page'));
const ListingBoxPage = lazyScreen(() => import('../features/floor/listing-box-page'));

// Air freight: airports, airlines with their fee schedules, freights, package freight, the freight report.
const AirportPage = lazyScreen(() => import('../features/freight/airport-page'));
const AirlinePage = lazyScreen(() => import('../features/freight/airline-page'));
const AirlineDetailPage = lazyScreen(() => import('../features/freight/airline-detail-page'));
const ListingFreightPage = lazyScreen(() => import('../features/freight/listing-freight-page'));
const FreightDetailPage = lazyScreen(() => import('../features/freight/freight-detail-page'));
const PackageFreightPage = lazyScreen(() => import('../features/freight/package-freight-page'));
const FreightReportPage = lazyScreen(() => import('../features/freight/freight-report-page'));

// Reports: one screen shape for the six reports read from the daily rollups.
const RevenueReportPage = lazyScreen(() => import('../features/reports/revenue-page'));
const PaymentMethodReportPage = lazyScreen(() => import('../features/reports/payment-method-page'));
const ServicesReportPage = lazyScreen(() => import('../features/reports/services-page'));
const CustomersReportPage = lazyScreen(() => import('../features/reports/customers-page'));
const CarriersReportPage = lazyScreen(() => import('../features/reports/carriers-page'));
const PurchaseReportPage = lazyScreen(() => import('../features/reports/purchase-page'));

// Address check: one address or an xlsx file, the history and the rows of a check.
const AddressCheckPage = lazyScreen(() => import('../features/address-check/address-check-page'));
const CronJobListPage = lazyScreen(() => import('../features/cronjobs/cronjob-list-page'));
const CronJobDetailPage = lazyScreen(() => import('../features/cronjobs/cronjob-detail-page'));
const RolePage = lazyScreen(() => import('../features/roles/role-page'));
const ResourcePage = lazyScreen(() => import('../features/roles/resource-page'));
const PermissionPage = lazyScreen(() => import('../features/roles/permission-page'));
const IntegrationsPage = lazyScreen(() => import('../features/integrations/integrations-page'));
const TicketPage = lazyScreen(() => import('../features/tickets/ticket-page'));

const HomePage = lazyScreen(() => import('../features/public/home-page'));
const PolicyPage = lazyScreen(() => import('../features/public/policy-page'));
const TermsPage = lazyScreen(() => import('../features/public/terms-page'));
const AboutPage = lazyScreen(() => import('../features/public/about-page'));
const SystemGuidePage = lazyScreen(() => import('../features/public/system-guide-page'));
const ShippingProceduresPage = lazyScreen(() => import('../features/public/shipping-procedures-page'));
const WalmartPage = lazyScreen(() => import('../features/public/walmart-page'));
const WalmartStoresPage = lazyScreen(() => import('../features/walmart/walmart-stores-page'));
const WalmartConnectPage = lazyScreen(() => import('../features/walmart/walmart-connect-page'));
const WalmartCallbackPage = lazyScreen(() => import('../features/walmart/walmart-callback-page'));

/** The component of every available screen (SCREENS `available: true`); a test keeps the two in step. */
export const SCREEN_COMPONENTS: Record<string, typeof DashboardPage> = {
  dashboard: DashboardPage,
  profile: ProfilePage,
  listCarrier: CarrierListPage,
  service: ServiceListPage,
  serviceDetail: ServiceDetailPage,
  warehouse: WarehousePage,
  tax: TaxPage,
  carrierConfig: CarrierConfigPage,
  pricing: PricingPage,
  discount: DiscountListPage,
  discountDetail: DiscountDetailPage,
  products: ProductListPage,
  productDetail: ProductDetailPage,
  actualWeightFees: ActualWeightFeesPage,
  notifications: NotificationsPage,
  emails: EmailsPage,
  orders: OrderListPage,
  orderDetail: OrderDetailPage,
  createOrder: OrderWizardPage,
  editOrder: OrderWizardPage,
  adminEditAddress: OrderWizardPage,
  importOrder: ImportOrdersPage,
  importSurcharge: ImportSurchargePage,
  billing: BillingPage,
  userManagement: UserManagementPage,
  trackRouting: TrackRoutingPage,
  trackingLogs: TrackingLogsPage,
  scanForm: ScanFormPage,
  checkAddress: AddressCheckPage,
  checkIn: CheckInPage,
  packagedScanner: PackagedScannerPage,
  checkOut: CheckOutPage,
  listingBox: ListingBoxPage,
  packageFreight: PackageFreightPage,
  listingFreight: ListingFreightPage,
  freightDetail: FreightDetailPage,
  airport: AirportPage,
  airline: AirlinePage,
  airlineDetail: AirlineDetailPage,
  reportFreight: FreightReportPage,
  reportRevenue: RevenueReportPage,
  reportPaymentMethod: PaymentMethodReportPage,
  reportServices: ServicesReportPage,
  reportCustomers: CustomersReportPage,
  reportCarriers: CarriersReportPage,
  reportPurchase: PurchaseReportPage,
  cronjob: CronJobListPage,
  cronjobDetail: CronJobDetailPage,
  role: RolePage,
  resource: ResourcePage,
  permission: PermissionPage,
  integrations: IntegrationsPage,
  walmartStores: WalmartStoresPage,
  walmartConnect: WalmartConnectPage,
  walmartCallback: WalmartCallbackPage,
  ticket: TicketPage,
};

/** SPEC §2 marketplace routes outside /app; reached signed in, they land with the Walmart module. */
export const MARKETPLACE_SCREENS: ScreenDef[] = [
  { id: 'walmartConnect', path: '/connect/walmart', key: null, available: true },
  { id: 'walmartCallback', path: '/callback/walmart', key: null, available: true },
  { id: 'walmartStores', path: '/integrations/walmart', key: 'EX_VIEW_INTEGRATIONS', available: true },
];

/** Wires the router into the API client and applies `?lang=` on every navigation. */
function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setSessionEndHandler(() => navigate('/app/login', { replace: true }));
  }, [navigate]);
  useEffect(() => {
    const lang = languageFromUrl(location.search);
    if (lang && lang !== session.get().language) session.setLanguage(lang);
  }, [location.search]);
  return <Outlet />;
}

/** A screen that has not landed is a 404, like any unknown app path (it is in no menu either). */
const screenRoute = (screen: ScreenDef): RouteObject => {
  const component = screen.available ? SCREEN_COMPONENTS[screen.id] : undefined;
  return { path: screen.path, element: component ? <ScreenRoute screen={screen} component={component} /> : <NotFoundPage /> };
};

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <LazyServerErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/policy', element: <PolicyPage /> },
          { path: '/term-condition', element: <TermsPage /> },
          { path: '/about-us', element: <AboutPage /> },
          { path: '/system-guide', element: <SystemGuidePage /> },
          { path: '/shipping-procedures', element: <ShippingProceduresPage /> },
          { path: '/walmart', element: <WalmartPage /> },
          // The buyer's tracking link: no sign-in.
          { path: '/track/:code', element: <PublicTrackingPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: '/app/login', element: <GuestOnly><LoginPage /></GuestOnly> },
          { path: '/app/signup', element: <GuestOnly><SignupPage /></GuestOnly> },
          { path: '/app/forgot-password', element: <GuestOnly><ForgotPasswordPage /></GuestOnly> },
          { path: '/app/reset-password', element: <ResetPasswordPage /> },
          { path: '/app/account/verify/:verifyCode', element: <VerifyAccountPage /> },
          { path: '/app/teams/confirm-invite', element: <ConfirmInvitePage /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/app', element: <Navigate to="/app/dashboard" replace /> },
          ...SCREENS.map(screenRoute),
          ...MARKETPLACE_SCREENS.map(screenRoute),
          { path: '/app/403', element: <ForbiddenPage /> },
          { path: '/app/404', element: <NotFoundPage /> },
          // SPEC §2: unknown routes under the app show the 404 page.
          { path: '/app/*', element: <NotFoundPage /> },
        ],
      },
      // SPEC §2: any other path signs out and goes to the login page.
      { path: '*', element: <SignOutRedirect /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
