import { Loading } from '@khela/ui/loading';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { PopupNotice } from '../features/notices/popup-notice';
import { hasToken } from '../lib/storage';
import { useBrand } from '../lib/system';
import { CentreHost } from './centre-host';
import { ChunkBoundary } from './chunk-boundary';
import { SiteLayout } from './layout';
import { forgetChunk, lazyChunk } from './lazy-chunk';
import { LoginPage } from './login-page';
import { ModalHost } from './modal-host';
import { NotFoundPage } from './not-found-page';
import { PAGE_LOADERS } from './pages';
import { LOGIN_PATH, needsLogin, ROUTES, type RouteDef } from './routes';
import { ScrollManager } from './scroll-manager';
import { useDocumentTitle } from './use-document-title';

/** The routed site: every entry of the route table (and its aliases), /login and a 404. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <Routes>
        {ROUTES.flatMap((route) =>
          [route.path, ...(route.aliases ?? [])].map((path) => (
            <Route key={path} path={path} element={<RoutePage route={route} />} />
          )),
        )}
        <Route path={LOGIN_PATH} element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <ModalHost />
      <CentreHost />
      <PopupNotice />
    </BrowserRouter>
  );
}

/** One route: the guard, then its layout around its lazily loaded page. */
function RoutePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const Page = lazyChunk(route.page, PAGE_LOADERS[route.page]);
  const title = route.category ? t(`pages.categories.${route.category}`) : t(`pages.title.${route.page}`);
  const brandName = brand?.name || t('common.brandName');
  useDocumentTitle(title, brand?.name, t(`pages.description.${route.page}`, { brand: brandName, category: title }));

  if (needsLogin(pathname, brand?.loggedInToHomePage ?? false, hasToken())) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: pathname }} />;
  }
  return (
    <SiteLayout
      layout={route.layout}
      bannerGroup={route.bannerGroup}
      sideMenuMini={route.sideMenuMini}
      prominentLogo={route.page === 'register'}
    >
      <ChunkBoundary
        key={`${route.page}:${attempt}`}
        onRetry={() => {
          forgetChunk(route.page);
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<Loading className="page-loading" />}>
          <Page route={route} />
        </Suspense>
      </ChunkBoundary>
    </SiteLayout>
  );
}
