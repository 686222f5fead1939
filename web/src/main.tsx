// First: zod without `new Function`, which the site's CSP forbids (see vite.config.ts).
import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { createRoutes } from '@/app/routes';
import { initI18n } from '@/lib/i18n';
import { readBrowserInfo } from '@/lib/browser';
import { htmlLang, isMiniProgram } from '@/lib/language';
import { setPageLanguage, setPreviewPage } from '@/lib/page-language';
import { createQueryClient } from '@/lib/query-client';
import { isPreviewPath, languageFromPath } from '@/lib/routing';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Only the catalogue of the page's own language is loaded before the first render.
const lang = languageFromPath(window.location.pathname);
setPageLanguage(lang);
setPreviewPage(isPreviewPath(window.location.pathname));
document.documentElement.lang = htmlLang(lang);

void initI18n(lang).then(() => {
  const router = createBrowserRouter(createRoutes());
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={createQueryClient()} />
    </StrictMode>,
  );
});

// Inside the messaging app's mini-program browser only: its SDK, never awaited, never fatal
// (and its loader's code is not downloaded anywhere else).
if (isMiniProgram(readBrowserInfo())) void import('@/lib/mini-program').then(({ loadMiniProgramSdk }) => loadMiniProgramSdk());
