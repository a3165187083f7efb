import type { ReactNode, Ref } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A page's heading row: its `<h1>`, a line under it and the page's actions (they wrap below on a
 * phone). `prominent` is the larger heading of the visitor's pages (dashboard, Studio), whose line
 * is the owner's e-mail (cut short when it does not fit); the admin screens use the plain one.
 * With `headingRef` the heading can take the focus (after signing in, the form is gone).
 */
export function PageHeader({
  title,
  description,
  actions,
  prominent = false,
  headingRef,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  prominent?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className={cn('flex flex-wrap justify-between gap-3', prominent ? 'items-center' : 'items-end')}>
      <div className="min-w-0">
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className={cn('text-2xl tracking-tight', prominent ? 'font-extrabold sm:text-3xl' : 'font-bold')}
        >
          {title}
        </h1>
        {description && (
          <p className={cn('text-sm text-muted-foreground', prominent && 'truncate')}>{description}</p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
