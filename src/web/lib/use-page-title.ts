import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '#contract/brand.ts';

/** Collects the page's title while it is prerendered (scripts/prerender.ts puts it in <title>). */
export const PageTitleSink = createContext<{ title?: string } | null>(null);

export const pageTitle = (title: string) => `${title} — ${PRODUCT_NAME}`;

/** Sets the tab title to '{title} — Echo' while the page is shown, and restores the previous one. */
export function usePageTitle(title: string): void {
  const sink = useContext(PageTitleSink);
  if (sink) sink.title = pageTitle(title);
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
