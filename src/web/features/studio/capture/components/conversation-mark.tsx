import { useId } from 'react';
import { useCanDiarize } from '../api.ts';

/**
 * "This is a conversation": shown only when the speech-to-text server tells speakers apart, so a
 * recording or upload of several people comes back with who said what.
 */
export function ConversationMark({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (!useCanDiarize()) return null;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="conversation-mark"
      />
      <label htmlFor={id}>
        This is a conversation (several speakers)
        <span className="block text-xs text-muted-foreground">Echo will tell the speakers apart.</span>
      </label>
    </div>
  );
}
