import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#contract/brand.ts';
import { Logo } from '#web/components/logo.tsx';
import { BackLink, PageFrame } from '#web/components/page-frame.tsx';

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
  return (
    <PageFrame
      title={title}
      header={
        <>
          <BackLink href={back.href} label={back.label} />
          <div className="flex items-center gap-2">
            {actions}
            <Link href="/" aria-label={`${PRODUCT_NAME} home`}>
              <Logo />
            </Link>
          </div>
        </>
      }
    >
      {children}
    </PageFrame>
  );
}
