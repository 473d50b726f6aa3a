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

// Address check: one address or an xlsx file, the history and the rows of a check.
const AddressCheckPage = lazyScreen(() => import('../features/address-check/address-check-page'));
const CronJobListPage = lazyScreen(() => import('../features/cronjobs/cronjob-list-page'));
const CronJobDetailPage = lazyScreen(() => import('../features/cronjobs/cronjob-detail-page'));
const RolePage = lazyScreen(() => import('../features/roles/role-page'));
const ResourcePage = lazyScreen(() => import('../features/roles/resource-page'));
const PermissionPage = lazyScreen(() => import('../features/roles/permission-page'));

const HomePage = lazyScreen(() => import('../features/public/home-page'));
const PolicyPage = lazyScreen(() => import('../features/public/policy-page'));
const TermsPage = lazyScreen(() => import('../features/public/terms-page'));
const AboutPage = lazyScreen(() => import('../features/public/about-page'));
const SystemGuidePage = lazyScreen(() => import('../features/public/system-guide-page'));
const ShippingProceduresPage = lazyScreen(() => import('../features/public/shipping-procedures-page'));
const WalmartPage = lazyScreen(() => import('../features/public/walmart-page'));

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
  cronjob: CronJobListPage,
  cronjobDetail: CronJobDetailPage,
  role: RolePage,
  resource: ResourcePage,
  permission: PermissionPage,
};

/** SPEC §2 marketplace routes outside /app; reached signed in, they land with the Walmart module. */
const MARKETPLACE_SCREENS: ScreenDef[] = [
  { id: 'walmartConnect', path: '/connect/walmart', key: null, available: false },
  { id: 'walmartCallback', path: '/callback/walmart', key: null, available: false },
  { id: 'walmartStores', path: '/integrations/walmart', key: 'EX_VIEW_INTEGRATIONS', available: false },
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
