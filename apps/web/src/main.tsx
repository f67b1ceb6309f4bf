import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { prefetchFirstScreen } from './app/first-screen';
import { keepServerFirstScreen } from './app/status-gate';
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
initI18n(language).then(() => {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices and lets the phone breathe between
  // them, instead of one long task that holds every tap (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
