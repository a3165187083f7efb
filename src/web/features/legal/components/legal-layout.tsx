import type { ReactNode } from 'react';
import { Logo } from '#web/components/logo.tsx';
import { BackLink, PageFrame } from '#web/components/page-frame.tsx';

/**
 * Prose styling for the legal text. There is no typography plugin, so the column styles its own
 * headings, paragraphs, lists and links through descendant selectors.
 */
const proseClasses = [
  'text-base leading-relaxed text-foreground',
  '[&_h2]:mt-12 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground sm:[&_h2]:text-2xl',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_p]:mt-4',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_li]:marker:text-primary',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  // Only links in running text: a button-styled link (e.g. 'Return to Homepage') keeps its own look.
  '[&_:is(p,li)_a]:font-medium [&_:is(p,li)_a]:text-primary [&_:is(p,li)_a]:underline [&_:is(p,li)_a]:underline-offset-4',
  '[&_:is(p,li)_a]:break-words [&_:is(p,li)_a:hover]:text-primary/80',
].join(' ');

export interface LegalLayoutProps {
  /** The page heading, also used for the browser tab title ('{title} — Echo'). */
  title: string;
  /** Shown under the heading as 'Effective date: …' when given. */
  effectiveDate?: string;
  /** A short lead paragraph under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** Shared frame of the static legal and info pages: header with a way home, a prose column and the site footer. */
export function LegalLayout({ title, effectiveDate, intro, children }: LegalLayoutProps) {
  return (
    <PageFrame
      title={title}
      header={
        <>
          <BackLink />
          <Logo />
        </>
      }
    >
      <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        {effectiveDate ? (
          <p className="mt-3 text-sm text-muted-foreground">Effective date: {effectiveDate}</p>
        ) : null}
        {intro ? (
          <div className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg">{intro}</div>
        ) : null}
        <div className={proseClasses}>{children}</div>
      </article>
    </PageFrame>
  );
}

export interface LegalSectionProps {
  /** Base id; the heading gets this id so the section can be linked to (e.g. /tos#eligibility). */
  id: string;
  /** The numbered heading, e.g. '1. Eligibility'. */
  title: string;
  children: ReactNode;
}

/** One numbered section: a `<section>` labelled by its `<h2>`. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A mailto link that shows the address itself. */
export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
