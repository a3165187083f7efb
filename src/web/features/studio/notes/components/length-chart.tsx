import { useId } from 'react';

export interface LengthBin {
  /** The bucket of sentence lengths, e.g. "1-5" words. */
  label: string;
  /** Share of the user's sentences in the bucket, 0..1. */
  you: number;
  /** Share of sentences in typical writing, 0..1. */
  typical: number;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** The drawing's size in its own units; it scales to the card's width. */
const WIDTH = 320;
const HEIGHT = 110;
const GAP = 2;

/**
 * Sentence lengths against typical writing: paired bars per bucket. The SVG is decoration for
 * sighted readers; the same numbers are in a table for screen readers (the chart's text alternative).
 */
export function LengthChart({ bins, caption }: { bins: LengthBin[]; caption: string }) {
  const id = useId();
  const max = Math.max(0.01, ...bins.flatMap((b) => [b.you, b.typical]));
  const group = WIDTH / Math.max(1, bins.length);
  const barWidth = Math.min(14, (group - GAP - 6) / 2);
  const bar = (share: number) => Math.max(share > 0 ? 2 : 0, (share / max) * HEIGHT);
  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-sm font-medium">
        {caption}
      </figcaption>
      <div className="flex items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary" /> You
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-muted-foreground/40" /> Typical writing
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        className="h-auto w-full max-w-md"
        aria-hidden="true"
        focusable="false"
        data-testid="length-chart"
      >
        {bins.map((bin, i) => {
          const x = i * group + (group - 2 * barWidth - GAP) / 2;
          return (
            <g key={bin.label}>
              <rect
                x={x}
                y={HEIGHT - bar(bin.you)}
                width={barWidth}
                height={bar(bin.you)}
                rx={2}
                className="fill-primary"
              />
              <rect
                x={x + barWidth + GAP}
                y={HEIGHT - bar(bin.typical)}
                width={barWidth}
                height={bar(bin.typical)}
                rx={2}
                className="fill-muted-foreground/40"
              />
              <text
                x={x + barWidth + GAP / 2}
                y={HEIGHT + 14}
                textAnchor="middle"
                className="fill-muted-foreground text-[9px]"
              >
                {bin.label}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-border" />
      </svg>
      {/* A table ignores sr-only's 1px width: the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>{caption} (share of sentences)</caption>
          <thead>
            <tr>
              <th scope="col">Words per sentence</th>
              <th scope="col">You</th>
              <th scope="col">Typical writing</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((bin) => (
              <tr key={bin.label}>
                <th scope="row">{bin.label}</th>
                <td>{pct(bin.you)}</td>
                <td>{pct(bin.typical)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
