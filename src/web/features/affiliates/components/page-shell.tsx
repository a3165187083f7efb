import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#contract/brand.ts';
import { Logo } from '#web/components/logo.tsx';
import { SiteFooter } from '#web/components/site-footer.tsx';

/** Header with a way back, the page and the site footer (affiliate pages). */
export function PageShell({
  title,
  back = { href: '/', label: 'Back to Home' },
  actions,
  children,
}: {
  title: string;
  back?: { href: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            href={back.href}
            className="-ml-2 inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {back.label}
          </Link>
          <div className="flex items-center gap-2">
            {actions}
            <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
              <Logo />
            </Link>
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
