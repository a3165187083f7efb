import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#contract/brand.ts';
import { Logo } from '#web/components/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { AdminGate, AdminSignOutButton } from './admin-gate.tsx';

/** The admin navigation, in order: every admin screen is reached from here (docs/spec/product-spec.md §2). */
export const ADMIN_LINKS: readonly { href: string; label: string }[] = [
  { href: '/admin', label: 'Affiliates' },
  { href: '/admin/conversions', label: 'Conversions' },
  { href: '/campaigns', label: 'Campaigns' },
  { href: '/admin/outbox', label: 'Outbox' },
  { href: '/admin/system', label: 'System' },
];

/** The link of the screen at this path: the longest link it is or lies under (/campaigns/7 -> /campaigns). */
const activeLink = (location: string) =>
  ADMIN_LINKS.map((link) => link.href)
    .filter((href) => location === href || location.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];

/**
 * The one frame of every admin screen: the password gate, then a header with the admin
 * navigation and sign-out, then the page. `title` names the tab and the gate.
 */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = activeLink(location);
  usePageTitle(title);
  return (
    <AdminGate title={title}>
      <div className="flex min-h-screen flex-col bg-muted">
        <header className="border-b border-border bg-background">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <div className="flex items-center gap-3">
              <Link href="/" aria-label={`${PRODUCT_NAME} home`} className="flex">
                <Logo />
              </Link>
              <span className="text-sm font-semibold text-muted-foreground">Admin</span>
            </div>
            <div className="contents sm:flex sm:flex-wrap sm:items-center sm:gap-2">
              <nav
                aria-label="Admin"
                className="order-last flex w-full flex-wrap gap-2 sm:order-none sm:w-auto"
              >
                {ADMIN_LINKS.map((link) => (
                  <Button
                    key={link.href}
                    asChild
                    size="sm"
                    variant={link.href === active ? 'default' : 'outline'}
                  >
                    <Link href={link.href} aria-current={link.href === active ? 'page' : undefined}>
                      {link.label}
                    </Link>
                  </Button>
                ))}
              </nav>
              <AdminSignOutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      </div>
    </AdminGate>
  );
}
