import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { SiteFooter } from './site-footer.tsx';

/**
 * The frame of every public page other than the landing page: a sticky header row (its content
 * is the page's), `<main>` and the site footer. It also sets the tab title.
 */
export function PageFrame({
  title,
  header,
  children,
}: {
  title: string;
  header: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          {header}
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}

/** The header's way back (home by default). */
export function BackLink({ href = '/', label = 'Back to Home' }: { href?: string; label?: string }) {
  return (
    <Link
      href={href}
      className="-ml-2 inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
