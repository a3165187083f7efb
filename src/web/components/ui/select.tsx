import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A styled native select: keyboard, screen-reader and phone pickers work as the platform does,
 * at no script cost. Pass a `placeholder` to show an unselectable first option.
 */
export function Select({
  className,
  placeholder,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { placeholder?: string; ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-base disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm',
          props.value === '' && 'text-muted-foreground',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}
