import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
// The stylesheets of the code evaluated after the first paint (app/start.tsx) belong here, in the
// stylesheet index.html carries; the build names any that is missing (inline-first-paint.ts).
import '@khela/ui/go-to-top.css';
import './app/header/header.css';
import './app/layout.css';
import './components/banners/banner-carousel.css';
import './features/footer/footer.css';
import './features/language/language-switch.css';
import './features/side-menu/side-menu.css';
import './features/system/status-screens.css';
import './lib/rich-text.css';
import { prefetchFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';
import { keepServerFirstScreen } from './app/server-first-screen';
import { initI18n, initialLanguage } from './lib/i18n';
import { applyTheme, readTheme } from './lib/theme';

applyTheme(readTheme());

// The language file loads while the first screen's data and code are asked for; the brand's
// language list is applied once the system status arrives (see app/app.tsx).
const language = initialLanguage();
const queryClient = createQueryClient();
prefetchFirstScreen(queryClient, location.pathname, location.search, language);
const container = document.getElementById('root') as HTMLElement;
keepServerFirstScreen(container);
const texts = initI18n(language);

// The server painted the first screen; the site's code is evaluated after it, in pieces a phone
// runs between taps: this script (the calls above), then React's DOM renderer, then the site
// (router, layout, pages). Evaluated as one script they were the longest task of a first visit.
// index.html asks for all three files at once, once the first screen is painted (load-site.js), so
// nothing waits in line.
import('react-dom/client')
  .then(() => import('./app/start'))
  .then(async ({ start }) => {
    await texts;
    start(container, queryClient);
  });
