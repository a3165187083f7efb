import type { MediaSegment } from '../../transcription/index.ts';

/**
 * One file per speaker (decision 023): each track transcribed alone on its own clock, which is the
 * conversation's (the recording tools start every participant's file together). Their segments
 * interleaved by start time make the turns: a segment another speaker starts during (an
 * interruption, a backchannel) ends the turn there, and a longer track simply goes on alone.
 */
export function interleaveTracks(
  tracks: ReadonlyArray<{ label: string; segments: readonly MediaSegment[] }>,
): Array<MediaSegment & { speaker: string }> {
  const all = tracks.flatMap((track, order) =>
    track.segments.filter((s) => s.text.trim()).map((s) => ({ ...s, speaker: track.label, order })),
  );
  // By start, then by end, then by track: the same input always gives the same turns.
  all.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.order - b.order);
  return all.map(({ order: _order, ...segment }) => segment);
}

/** A track's speaker label: its file's name without the extension or folders, at most `max` characters. */
export function trackLabel(filename: string, max: number): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const label = base
    .replace(/\.[^.]{1,8}$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return label || 'Speaker';
}

/** Labels made distinct ("Guest", "Guest (2)"): each track is its own speaker. */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const key = label.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}
