/**
 * The build's server-side entry (vite build --ssr): renders a page of the app to HTML for
 * scripts/prerender.ts, which writes it into a copy of index.html for the server to send.
 */
import './lib/zod-config.ts';
import { prerender } from 'react-dom/static';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { PageTitleSink } from './lib/use-page-title.ts';

export async function renderPage(path: string): Promise<{ html: string; title?: string }> {
  const sink: { title?: string } = {};
  const { prelude } = await prerender(
    <PageTitleSink value={sink}>
      <App queryClient={createQueryClient()} ssrPath={path} />
    </PageTitleSink>,
  );
  const html = await new Response(prelude).text();
  return { html, title: sink.title };
}
