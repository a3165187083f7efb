/** Whole percent of `done` out of `total` (0 while the total is unknown), as progress bars show it. */
export const percentOf = (done: number, total: number) => (total ? Math.floor((done / total) * 100) : 0);

const sizes = {
  default: 'h-2',
  lg: 'h-2.5',
} as const;

/**
 * A determinate progress bar: `value` is a percent, `label` names what progresses for assistive
 * technology, `valueText` says it in words when the percent alone is not enough ("40%, 3 MB of 8 MB").
 * `size` is its height: `lg` where it is the panel's one bar, the default in a list of several.
 */
export function ProgressBar({
  value,
  label,
  valueText,
  size = 'default',
}: {
  value: number;
  label: string;
  valueText?: string;
  size?: keyof typeof sizes;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={`overflow-hidden rounded-full bg-muted ${sizes[size]}`}
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
    </div>
  );
}
