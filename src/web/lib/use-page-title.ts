import { useEffect } from 'react';
import { PRODUCT_NAME } from '#contract/brand.ts';

/** Sets the tab title to '{title} — Echo' while the page is shown, and restores the previous one. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
