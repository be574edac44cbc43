import { isValidElement, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingPanel } from '../components/Spinner';
import { lazyNamed } from '../lib/lazyNamed';
import { Layout } from './Layout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { TOOLS } from '../tools/catalogue';
import { CurrentTool } from '../tools/current';
import { ToolGate } from '../features/billing/components/ToolGate';

// Everything behind /ai and the sign-in screens load on demand, so the landing page's
// first download holds only what it shows.
const AiLayout = lazyNamed(() => import('./ai/AiLayout'), 'AiLayout');
const SignInRoute = lazyNamed(() => import('../features/auth/routes/AuthRoute'), 'SignInRoute');
const SignUpRoute = lazyNamed(() => import('../features/auth/routes/AuthRoute'), 'SignUpRoute');
const ForgotPasswordRoute = lazyNamed(() => import('../features/email/routes/ForgotPasswordRoute'), 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyNamed(() => import('../features/email/routes/ResetPasswordRoute'), 'ResetPasswordRoute');
const VerifyEmailRoute = lazyNamed(() => import('../features/email/routes/EmailLinkRoute'), 'VerifyEmailRoute');
const ConfirmEmailRoute = lazyNamed(() => import('../features/email/routes/EmailLinkRoute'), 'ConfirmEmailRoute');
const DashboardRoute = lazyNamed(() => import('../features/dashboard/routes/DashboardRoute'), 'DashboardRoute');
const BatchesRoute = lazyNamed(() => import('../features/batches/routes/BatchesRoute'), 'BatchesRoute');
const CommunityRoute = lazyNamed(() => import('../features/community/routes/CommunityRoute'), 'CommunityRoute');
const AccountRoute = lazyNamed(() => import('../features/account/routes/AccountRoute'), 'AccountRoute');
const AdminRoute = lazyNamed(() => import('../features/admin/routes/AdminRoute'), 'AdminRoute');

// Public info pages (contact, feedback, legal, product, resources).
const ContactRoute = lazyNamed(() => import('../features/site/routes/ContactRoute'), 'ContactRoute');
const FeedbackRoute = lazyNamed(() => import('../features/site/routes/FeedbackRoute'), 'FeedbackRoute');
const AboutRoute = lazyNamed(() => import('../features/site/routes/InfoPages'), 'AboutRoute');
const PrivacyRoute = lazyNamed(() => import('../features/site/routes/InfoPages'), 'PrivacyRoute');
const SecurityRoute = lazyNamed(() => import('../features/site/routes/InfoPages'), 'SecurityRoute');
const TermsRoute = lazyNamed(() => import('../features/site/routes/InfoPages'), 'TermsRoute');
const FeatureRoute = lazyNamed(() => import('../features/site/routes/ProductPages'), 'FeatureRoute');
const PricingRoute = lazyNamed(() => import('../features/site/routes/ProductPages'), 'PricingRoute');
const DemoRoute = lazyNamed(() => import('../features/site/routes/ProductPages'), 'DemoRoute');
const ApiRoute = lazyNamed(() => import('../features/site/routes/ApiRoute'), 'ApiRoute');
const DocumentationRoute = lazyNamed(() => import('../features/site/routes/ResourcePages'), 'DocumentationRoute');

const fullPage = <LoadingPanel />;
const lazyPage = (page: ReactNode) => <Suspense fallback={fullPage}>{page}</Suspense>;

/** Every route of the app; main.tsx puts them in the browser's router, the prerender in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'sign-in',
        element: (
          <Suspense fallback={fullPage}>
            <SignInRoute />
          </Suspense>
        ),
      },
      {
        path: 'signup',
        element: (
          <Suspense fallback={fullPage}>
            <SignUpRoute />
          </Suspense>
        ),
      },
      // The account e-mail's pages (docs/email.md): the links open the last three.
      { path: 'forgot-password', element: lazyPage(<ForgotPasswordRoute />) },
      { path: 'reset-password', element: lazyPage(<ResetPasswordRoute />) },
      { path: 'verify-email', element: lazyPage(<VerifyEmailRoute />) },
      { path: 'confirm-email', element: lazyPage(<ConfirmEmailRoute />) },
      { path: 'about', element: lazyPage(<AboutRoute />) },
      { path: 'contact', element: lazyPage(<ContactRoute />) },
      { path: 'feedback', element: lazyPage(<FeedbackRoute />) },
      { path: 'legal/privacy', element: lazyPage(<PrivacyRoute />) },
      { path: 'legal/security', element: lazyPage(<SecurityRoute />) },
      { path: 'legal/terms', element: lazyPage(<TermsRoute />) },
      { path: 'product/feature', element: lazyPage(<FeatureRoute />) },
      { path: 'product/pricing', element: lazyPage(<PricingRoute />) },
      { path: 'product/demo', element: lazyPage(<DemoRoute />) },
      { path: 'resources/api', element: lazyPage(<ApiRoute />) },
      { path: 'resources/documentation', element: lazyPage(<DocumentationRoute />) },
      { path: 'documentation', element: <Navigate to="/resources/documentation" replace /> },
      { path: 'help', element: <Navigate to="/feedback" replace /> },
      { path: 'terms', element: <Navigate to="/legal/terms" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/ai',
    element: (
      <Suspense fallback={<div className="flex min-h-dvh">{fullPage}</div>}>
        <AiLayout />
      </Suspense>
    ),
    // Each child renders inside AiLayout's own <Suspense>, so the shell stays put while a tool loads.
    children: [
      { index: true, element: <DashboardRoute /> },
      ...TOOLS.map(({ path, Route, slot, plan }) => ({
        path: path.slice('/ai/'.length),
        element: (
          <CurrentTool.Provider value={{ slot, plan }}>
            <ToolGate plan={plan}>
              <Route />
            </ToolGate>
          </CurrentTool.Provider>
        ),
      })),
      { path: 'batches', element: <BatchesRoute /> },
      { path: 'community', element: <CommunityRoute /> },
      { path: 'account', element: <AccountRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The admin area (docs/moderation.md): in the signed-in shell, for moderators and admins.
  {
    path: '/admin',
    element: (
      <Suspense fallback={<div className="flex min-h-dvh">{fullPage}</div>}>
        <AiLayout />
      </Suspense>
    ),
    children: [{ index: true, element: <AdminRoute /> }],
  },
];

/**
 * The public pages built to HTML at build time (scripts/prerender.ts): every page of the site
 * layout with a fixed address, except redirects and "not found". /ai stays client-rendered
 * (signed in it is the app, signed out it shows the sign-in card).
 */
export const prerenderedPaths: string[] = (routes[0]?.children ?? []).flatMap((r) => {
  if (isValidElement(r.element) && r.element.type === Navigate) return [];
  if (r.index) return ['/'];
  return r.path && !/[:*]/.test(r.path) ? [`/${r.path}`] : [];
});

/** The addresses under `base` that these routes (and their children) answer; none for `*` or parameters. */
const addressesOf = (list: RouteObject[], base: string): string[] =>
  list.flatMap((r) => {
    if (r.path && /[*:]/.test(r.path)) return [];
    const here = !r.path ? base : r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
    return [here, ...addressesOf(r.children ?? [], here)];
  });

/**
 * Every address the app has a page or a redirect for (lower case: the router ignores case).
 * The build writes them to dist/routes.json and the server answers any other address 404,
 * with the same page (server/http/client.ts), so crawlers and monitors see a missing page.
 */
export const appPaths: string[] = [...new Set(addressesOf(routes, '/').map((p) => p.toLowerCase()))];
