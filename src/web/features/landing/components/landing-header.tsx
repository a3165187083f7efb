import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { SOCIAL_PROFILE_URL } from '#contract/brand.ts';
import { InstagramIcon } from '#web/components/instagram-icon.tsx';
import { Logo } from '#web/components/logo.tsx';

const ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#demo', label: 'Demo' },
  { href: '#waitlist', label: 'Waitlist' },
] as const;

const PAGES = [
  { href: '/reaction-video', label: 'Transcription Tool' },
  { href: '/affiliate', label: 'Affiliate Program' },
] as const;

const desktopLink =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const mobileLink =
  'block rounded-lg px-3 py-3 text-base font-medium text-foreground transition-colors hover:bg-muted active:bg-secondary';

function NavLinks({ linkClassName, onNavigate }: { linkClassName: string; onNavigate?: () => void }) {
  return (
    <>
      {ANCHORS.map((item) => (
        <li key={item.href}>
          <a href={item.href} className={linkClassName} onClick={onNavigate}>
            {item.label}
          </a>
        </li>
      ))}
      {PAGES.map((item) => (
        <li key={item.href}>
          <Link href={item.href} className={linkClassName} onClick={onNavigate}>
            {item.label}
          </Link>
        </li>
      ))}
    </>
  );
}

/** Sticky landing header: logo, section anchors, tool links and the social profile; a toggle menu below `md`. */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-50 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" aria-label="Echo home" className="rounded-md" onClick={() => setOpen(false)}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavLinks linkClassName={desktopLink} />
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <a
            href={SOCIAL_PROFILE_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Follow Echo on Instagram"
            title="Follow Echo on Instagram"
            className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-primary"
          >
            <InstagramIcon className="size-5" />
          </a>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-muted md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={menuId}
            data-testid="mobile-menu-toggle"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      {open && (
        <nav
          id={menuId}
          aria-label="Mobile"
          data-testid="mobile-menu"
          className="animate-fade-in border-t border-border bg-background px-4 pb-4 pt-2 shadow-lg md:hidden"
        >
          <ul className="grid gap-1">
            {/* Any link followed from the mobile menu closes it. */}
            <NavLinks linkClassName={mobileLink} onNavigate={() => setOpen(false)} />
          </ul>
        </nav>
      )}
    </header>
  );
}
