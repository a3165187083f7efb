import type { InputHTMLAttributes } from 'react';
import { Input } from './ui/input.tsx';

export const CODE_LENGTH = 6;

/** A one-time code field (spec §5): digits only, at most 6; the caller enables verify at exactly 6. */
export function CodeInput({
  value,
  onValueChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (code: string) => void;
}) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      placeholder="123456"
      className="text-center font-mono text-lg tracking-[0.5em]"
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      {...props}
    />
  );
}
