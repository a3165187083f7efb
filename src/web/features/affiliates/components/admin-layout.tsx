import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '#web/components/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminGate, AdminSignOutButton } from '#web/features/admin-auth/admin-gate.tsx';

/** The admin frame: password gate, then a header with Affiliates / Conversions and sign-out. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <AdminGate title="Admin Dashboard">
      <div className="min-h-screen bg-muted">
        <header className="border-b border-border bg-background">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <div className="flex items-center gap-3">
              <Logo />
              <span className="text-sm font-semibold text-muted-foreground">Admin</span>
            </div>
            <nav aria-label="Admin" className="flex flex-wrap items-center gap-2">
              <Button asChild size="sm" variant={location === '/admin' ? 'default' : 'outline'}>
                <Link href="/admin">Affiliates</Link>
              </Button>
              <Button asChild size="sm" variant={location === '/admin/conversions' ? 'default' : 'outline'}>
                <Link href="/admin/conversions">Conversions</Link>
              </Button>
              <AdminSignOutButton />
            </nav>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          {children}
        </main>
      </div>
    </AdminGate>
  );
}

export function Counter({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-border bg-background p-5 shadow-sm">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </div>
  );
}
