import { useRef } from 'react';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * Choosing a file: an outline button (the keyboard's and screen reader's way in) that opens the
 * browser's file picker, whose own input stays out of sight and out of the tab order. The same
 * file can be chosen again (to resume an upload): the input forgets each choice once handed over.
 */
export function FileInput({
  accept,
  label,
  onFile,
  onFiles,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'type' | 'variant' | 'asChild'> & {
  /** What the picker offers (MIME types and endings). */
  accept: string;
  /** The hidden input's name for assistive technology. */
  label: string;
  onFile?: (file: File) => void;
  /** Several files may be chosen at once (instead of `onFile`). */
  onFiles?: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outline" onClick={() => input.current?.click()} {...button}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        multiple={Boolean(onFiles)}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (onFiles && files.length) onFiles(files);
          else if (files[0]) onFile?.(files[0]);
        }}
      />
    </>
  );
}
