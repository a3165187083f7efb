import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#contract/brand.ts';
import { Logo } from '#web/components/logo.tsx';
import { AdminGate, AdminSignOutButton } from '#web/features/admin-auth/admin-gate.tsx';
import { cn } from '#web/lib/cn.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

const NAV = [
  { href: '/campaigns', label: 'Campaigns' },
  { href: '/admin/outbox', label: 'Outbox' },
  { href: '/admin/system', label: 'System' },
];

/** Frame of the campaign admin screens: the admin gate, then a header with navigation. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  usePageTitle(title);
  return (
    <AdminGate title={title}>
      <div className="flex min-h-screen flex-col bg-muted/40">
        <header className="border-b border-border bg-background">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:h-16 sm:py-0 sm:px-6">
            <div className="contents sm:flex sm:min-w-0 sm:items-center sm:gap-4">
              <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
                <Logo />
              </Link>
              <nav
                aria-label="Admin"
                className="order-last flex w-full items-center gap-1 sm:order-none sm:w-auto"
              >
                {NAV.map((item) => {
                  const active = location === item.href || location.startsWith(`${item.href}/`);
                  return (
                    <Link
                      key={item.href}
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                        active && 'bg-muted text-foreground',
                      )}
                    >
                      {item.label}
                    </Link>
                  );
                })}
              </nav>
            </div>
            <AdminSignOutButton />
          </div>
        </header>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      </div>
    </AdminGate>
  );
}
