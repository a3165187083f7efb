import { Link } from 'wouter';
import { SOCIAL_HANDLE, SOCIAL_PROFILE_URL } from '#contract/brand.ts';
import { InstagramIcon } from '#web/components/instagram-icon.tsx';
import { Logo } from '#web/components/logo.tsx';
import { Badge } from '#web/components/ui/badge.tsx';

/** The trend page's header (docs/spec/product-spec.md §2): home link, the 'Trends Beta' marker and the social link. */
export function TrendsHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-3">
          <Link href="/" aria-label="Echo home" className="rounded-md">
            <Logo />
          </Link>
          <Badge variant="accent">Trends Beta</Badge>
        </div>
        <a
          href={SOCIAL_PROFILE_URL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${SOCIAL_HANDLE}: Echo on Instagram`}
          className="inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
        >
          <InstagramIcon className="size-5" aria-hidden="true" />
          <span className="hidden sm:inline">{SOCIAL_HANDLE}</span>
        </a>
      </div>
    </header>
  );
}
