import './lib/zod-config.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initPixel } from './lib/pixel.ts';
import { queryClient } from './lib/query-client.ts';
import { preloadPage } from './router.tsx';
import './styles.css';

initPixel();

const root = document.getElementById('root')!;
const app = <App queryClient={queryClient} />;
if (root.firstElementChild) {
  // A prerendered page (scripts/prerender.ts): load its screen's code, then take over its HTML.
  // (No top-level await here: it would make the bundler split the entry into many small chunks.)
  void preloadPage(window.location.pathname).then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
