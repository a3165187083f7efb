import {
  type InputHTMLAttributes,
  type Ref,
  type TextareaHTMLAttributes,
  useLayoutEffect,
  useRef,
} from 'react';
import { cn } from '#web/lib/cn.ts';

const field =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm';

export function Input({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

/** An e-mail address field: e-mail keyboard on phones, autofill, the usual placeholder. */
export function EmailInput(props: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Input type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}

/**
 * A multi-line field; `autoSize` grows it with its text (CSS field-sizing where the browser has it,
 * else its height set from its content), so the end of a long text is never hidden on a phone.
 */
export function Textarea({
  className,
  autoSize = false,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement>; autoSize?: boolean }) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const element = own.current;
    if (!autoSize || !element || CSS.supports('field-sizing', 'content')) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  });
  return (
    <textarea
      ref={(element) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className={cn(field, autoSize ? 'field-sizing-content min-h-10 resize-none' : 'min-h-20', className)}
      {...props}
    />
  );
}
