import { ApiError } from '@khela/client';
import type { StaffMe } from '@khela/contract/staff';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type RouteObject,
  RouterProvider,
  useLocation,
  useOutletContext,
} from 'react-router';
import { Loading } from '../components/states';
import { ComingSoon, Forbidden, NotFound } from '../features/areas/area-pages';
import { LoginPage } from '../features/login/login-page';
import { loadAreaTexts } from '../lib/i18n';
import { onSessionEnded } from '../lib/session';
import { AREAS, type Area, homeOf, SESSIONS_PATH } from './areas';
import { Shell } from './shell';

// Screens load when first opened: the login page, what most visits show first, carries no table
// engine and no QR encoder.
const SetupPage = lazy(() => import('../features/setup/setup-page').then((m) => ({ default: m.SetupPage })));
/** An area's screen with its texts (lib/i18n.ts loadAreaTexts): both arrive before it renders. */
function areaScreen<M>(texts: string, load: () => Promise<M>, pick: (m: M) => React.ComponentType) {
  return lazy(() => Promise.all([load(), loadAreaTexts(texts)]).then(([m]) => ({ default: pick(m) })));
}

const AuditPage = areaScreen(
  'audit',
  () => import('../features/audit/audit-page'),
  (m) => m.AuditPage,
);
const DashboardPage = areaScreen(
  'dashboard',
  () => import('../features/dashboard/dashboard-page'),
  (m) => m.DashboardPage,
);
const StaffPage = areaScreen(
  'staffArea',
  () => import('../features/staff/staff-page'),
  (m) => m.StaffPage,
);
const JobsPage = areaScreen(
  'jobs',
  () => import('../features/jobs/jobs-page'),
  (m) => m.JobsPage,
);
const PlayersArea = areaScreen(
  'players',
  () => import('../features/players/players-area'),
  (m) => m.PlayersArea,
);
const BrandPage = areaScreen(
  'brand',
  () => import('../features/brand/brand-page'),
  (m) => m.BrandPage,
);
const RiskPage = areaScreen(
  'risk',
  () => import('../features/risk/risk-page'),
  (m) => m.RiskPage,
);
const ContentPage = areaScreen(
  'content',
  () => import('../features/content/content-page'),
  (m) => m.ContentPage,
);
// The catalog's forms share the content desk's words (save, cancel, languages).
const CatalogPage = lazy(() =>
  Promise.all([import('../features/catalog/catalog-page'), loadAreaTexts('catalog'), loadAreaTexts('content')]).then(
    ([m]) => ({ default: m.CatalogPage }),
  ),
);
const CashierPage = areaScreen(
  'cashier',
  () => import('../features/cashier/cashier-page'),
  (m) => m.CashierPage,
);
const SessionsPage = lazy(() =>
  import('../features/sessions/sessions-page').then((m) => ({ default: m.SessionsPage })),
);

const later = (node: React.ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A 401 or 403 will not change by asking again; the session handler takes the 401.
      queries: { retry: (n, e) => n < 1 && !(e instanceof ApiError && e.status > 0 && e.status < 500) },
    },
  });
}

const SCREENS: Record<string, () => React.ReactNode> = {
  audit: () => later(<AuditPage />),
  brand: () => later(<BrandPage />),
  catalog: () => later(<CatalogPage />),
  cashier: () => later(<CashierPage />),
  content: () => later(<ContentPage />),
  dashboard: () => later(<DashboardPage />),
  staff: () => later(<StaffPage />),
  jobs: () => later(<JobsPage />),
  players: () => later(<PlayersArea />),
  risk: () => later(<RiskPage />),
};

/** An area's screen, or the 403 page for a member whose roles do not open it. */
function AreaRoute({ area }: { area: Area }) {
  const me = useOutletContext<StaffMe>();
  if (!me.permissions.includes(area.permission)) return <Forbidden roles={me.roles} />;
  const screen = SCREENS[area.id];
  return screen ? screen() : <ComingSoon area={area.id} />;
}

function Home() {
  const me = useOutletContext<StaffMe>();
  // The login's notice (recovery codes left) travels on to the landing screen.
  const { state } = useLocation();
  return <Navigate to={homeOf(me.permissions)} replace state={state} />;
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/setup/:token', element: later(<SetupPage />) },
  {
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      { path: SESSIONS_PATH, element: later(<SessionsPage />) },
      ...AREAS.map((area) => ({ path: `${area.path}/*`, element: <AreaRoute area={area} /> })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** On a 401 anywhere, back to the login page, which then says the session ended. */
function SessionWatch({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        const { pathname, search } = router.state.location;
        router.navigate('/login', { replace: true, state: { ended: true, from: pathname + search } });
      }),
    [router, queryClient],
  );
  return null;
}

export function App({
  queryClient,
  router = createBrowserRouter(routes, { basename: '/admin' }),
}: {
  queryClient: QueryClient;
  router?: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatch router={router} />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
