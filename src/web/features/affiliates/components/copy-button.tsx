import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_MS } from '#contract/affiliates.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** A copy button: 'Copied!' for 2 seconds and a toast. */
export function CopyButton({
  text,
  label,
  toastTitle,
  disabled,
}: {
  text: string;
  label: string;
  toastTitle: string;
  disabled?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="outline"
      aria-label={label}
      disabled={disabled}
      onClick={async () => {
        await copyText(text);
        setCopied(true);
        toast({ title: toastTitle, description: 'Copied to your clipboard.' });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
