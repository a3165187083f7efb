import { Link } from 'wouter';
import { SOCIAL_PROFILE_URL, TAGLINE } from '#contract/brand.ts';
import { LogoMark } from './logo.tsx';

/** The footer of every public page: legal and affiliate links, the social profile and the tagline. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <LogoMark className="size-10" title="" />
        <p className="text-base font-semibold">{TAGLINE}</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            <li>
              <Link
                href="/privacy-policy"
                className="text-muted-foreground hover:text-foreground hover:underline"
              >
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/tos" className="text-muted-foreground hover:text-foreground hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/affiliate" className="text-muted-foreground hover:text-foreground hover:underline">
                Affiliate Program
              </Link>
            </li>
            <li>
              <a
                href={SOCIAL_PROFILE_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-muted-foreground hover:text-foreground hover:underline"
              >
                Instagram
              </a>
            </li>
          </ul>
        </nav>
        {/* The prerendered pages were built in some year: the browser's own year wins without a warning. */}
        <p className="text-xs text-muted-foreground" suppressHydrationWarning>
          © {year} Echo. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
