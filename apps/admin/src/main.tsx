import './styles/admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { initI18n } from './lib/i18n';
import { applyTheme, storedTheme } from './lib/prefs';
import { configureStaffClient } from './lib/session';

applyTheme(storedTheme());
configureStaffClient();
initI18n().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
