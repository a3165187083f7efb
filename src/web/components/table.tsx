import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface TableColumn {
  label: string;
  /** Numbers line up on the right. */
  align?: 'right';
}

const cell = 'px-4 py-3';

/**
 * A data table in a card's frame, flush to its edges, that scrolls sideways on a phone (a named
 * region the keyboard can reach and scroll). `minWidth` is the table's narrowest, as a Tailwind class.
 */
export function Table({
  label,
  minWidth,
  columns,
  className,
  children,
}: {
  /** The region's name for screen readers. */
  label: string;
  minWidth: string;
  columns: TableColumn[];
  className?: string;
  /** The rows (`TableRow`, `TableMessage`). */
  children: ReactNode;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
      className={cn('overflow-x-auto rounded-xl border border-border bg-background shadow-sm', className)}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(cell, 'font-medium', column.align === 'right' && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A row of a `Table`, with a line under it but the last. */
export function TableRow({ children, ...props }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <tr className="border-b border-border last:border-0" {...props}>
      {children}
    </tr>
  );
}

/** A cell of a `Table`; `header` makes it the row's heading. */
export function TableCell({
  header = false,
  className,
  children,
  title,
}: {
  header?: boolean;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  return header ? (
    <th scope="row" className={cn(cell, 'font-medium', className)} title={title}>
      {children}
    </th>
  ) : (
    <td className={cn(cell, className)} title={title}>
      {children}
    </td>
  );
}

/** One row across the whole table: loading, nothing yet. */
export function TableMessage({
  columns,
  className,
  children,
}: {
  columns: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className={cn('px-4 text-center', className ?? 'py-6 text-muted-foreground')}>
        {children}
      </td>
    </tr>
  );
}
