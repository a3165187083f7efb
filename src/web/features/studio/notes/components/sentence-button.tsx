import type { LucideIcon } from 'lucide-react';
import type { Sentence } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';

/** Which sentence a sentence's button is for, and what it opens. */
export interface SentenceButtonFor {
  sentence: Sentence;
  /** From 1, as the label says it. */
  position: number;
  onOpen: () => void;
  /** Keeps the button, to give it focus back when what it opened closes. */
  buttonRef: (el: HTMLButtonElement | null) => void;
}

/**
 * A button beside a sentence of the transcript that opens something for it (its correction, who said
 * it). Its label starts with what it shows and names the sentence by position and first words, for a
 * screen reader; on a phone only the icon shows.
 */
export function SentenceButton({
  sentence,
  position,
  onOpen,
  buttonRef,
  icon: Icon,
  text,
  label,
  testId,
}: SentenceButtonFor & {
  icon: LucideIcon;
  /** What the button shows ("Correct"). */
  text: string;
  /** Its label before the sentence's number ("Correct sentence"). */
  label: string;
  testId: string;
}) {
  const words = sentence.text.split(/\s+/).slice(0, 6).join(' ');
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="sm"
      className="shrink-0 text-muted-foreground"
      onClick={onOpen}
      aria-label={`${label} ${position}: ${words}`}
      data-testid={testId}
    >
      <Icon aria-hidden="true" />
      <span className="max-sm:sr-only">{text}</span>
    </Button>
  );
}
