import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#web/components/logo.tsx';
import { PageFrame } from '#web/components/page-frame.tsx';
import { cn } from '#web/lib/cn.ts';

const navLink =
  'rounded-md px-2 py-2 text-xs font-medium sm:px-3 sm:text-sm text-muted-foreground transition-colors hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground';

const TOOLS = [
  { href: '/reaction-video', label: 'Transcribe' },
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/studio', label: 'Studio' },
] as const;

/** Frame of the transcription tool, dashboard and webhook test pages. */
export function ToolLayout({
  title,
  label,
  current,
  wide = false,
  children,
}: {
  title: string;
  /** The header label next to the logo. */
  label: string;
  current: (typeof TOOLS)[number]['href'] | '/webhook-test';
  /** A wider content column (the Studio's two-column layout). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <PageFrame
      title={title}
      header={
        <>
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/" aria-label="Echo home" className="rounded-md">
              <Logo />
            </Link>
            <span className="hidden rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-secondary-foreground sm:inline">
              {label}
            </span>
          </div>
          <nav aria-label="Tools">
            <ul className="flex items-center sm:gap-1">
              {TOOLS.map((tool) => (
                <li key={tool.href}>
                  <Link
                    href={tool.href}
                    className={navLink}
                    aria-current={current === tool.href ? 'page' : undefined}
                  >
                    {tool.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      }
    >
      <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', wide ? 'max-w-6xl' : 'max-w-4xl')}>
        {children}
      </div>
    </PageFrame>
  );
}
