import { cn } from '#web/lib/cn.ts';

/**
 * Echo's mascot: a small round listener with a microphone body and sound waves for ears.
 * Original artwork, drawn in SVG so it stays crisp at any size.
 */
export function LogoMark({ className, title = 'Echo mascot' }: { className?: string; title?: string }) {
  // An empty title makes the mark decorative (next to a word mark or inside a named link).
  const named = title !== '';
  return (
    <svg
      viewBox="0 0 96 96"
      role={named ? 'img' : undefined}
      aria-label={named ? title : undefined}
      aria-hidden={named ? undefined : true}
      className={cn('shrink-0', className)}
    >
      {named && <title>{title}</title>}
      <defs>
        <linearGradient id="echo-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#5b21b6" />
        </linearGradient>
      </defs>
      {/* sound-wave ears */}
      <path d="M14 40a24 24 0 0 0 0 22" fill="none" stroke="#fbbf24" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M6 34a34 34 0 0 0 0 34"
        fill="none"
        stroke="#fbbf24"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.6"
      />
      <path d="M82 40a24 24 0 0 1 0 22" fill="none" stroke="#fbbf24" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M90 34a34 34 0 0 1 0 34"
        fill="none"
        stroke="#fbbf24"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.6"
      />
      {/* microphone-capsule body */}
      <rect x="22" y="12" width="52" height="66" rx="26" fill="url(#echo-body)" />
      <path d="M30 30h36M30 38h36" stroke="#a78bfa" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
      {/* face */}
      <circle cx="38" cy="50" r="6" fill="#fff" />
      <circle cx="58" cy="50" r="6" fill="#fff" />
      <circle cx="39.5" cy="51" r="3" fill="#1e1b4b" />
      <circle cx="59.5" cy="51" r="3" fill="#1e1b4b" />
      <path d="M40 62q8 7 16 0" fill="none" stroke="#fde68a" strokeWidth="3" strokeLinecap="round" />
      {/* stand */}
      <path d="M48 78v8M38 88h20" stroke="#5b21b6" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Mascot plus the word mark, as used in page headers. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-9" title="" />
      <span className="text-xl font-extrabold tracking-tight text-foreground">Echo</span>
    </span>
  );
}
