import '@fontsource/hind-siliguri/400.css';
import '@fontsource/hind-siliguri/600.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n, initialLanguage } from './lib/i18n';
import { applyTheme, readTheme } from './lib/theme';

applyTheme(readTheme());

// The language file loads while React starts; the brand's language list is applied once the
// system status arrives (see app/app.tsx).
initI18n(initialLanguage()).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
