import { smsLength } from '#contract/campaigns.ts';
import { cn } from '#web/lib/cn.ts';

/** Characters and segments of an SMS as typed (GSM-7 160/153, otherwise UCS-2 70/67). */
export function SmsCounter({ text, id }: { text: string; id?: string }) {
  const length = smsLength(text);
  const single = length.encoding === 'GSM-7' ? 160 : 70;
  return (
    <p
      id={id}
      data-testid="sms-counter"
      aria-live="polite"
      className={cn('text-xs text-muted-foreground', length.segments > 1 && 'text-amber-700')}
    >
      {length.characters} {length.characters === 1 ? 'character' : 'characters'} · {length.segments}{' '}
      {length.segments === 1 ? 'segment' : 'segments'} ({length.encoding}, {single} per message
      {length.segments > 1 ? `, ${length.perSegment} per part` : ''})
      {length.segments > 1 ? ' — keep it under 160 characters to send one message' : ''}
    </p>
  );
}
