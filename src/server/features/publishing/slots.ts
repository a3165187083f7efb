/**
 * Weekly slots in a time zone ("Tue 08:30" in Europe/Paris) as instants: the next occurrences of a
 * slot, found day by day in the zone (so a slot keeps its local time across daylight-saving changes).
 */

function localParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
  };
}

/** The instant of a local date and minute of the day in the zone (a minute skipped by a DST jump moves on). */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  minuteOfDay: number,
  timeZone: string,
): Date {
  const wanted = Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const p = localParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    if (seen === wanted) break;
    guess += wanted - seen;
  }
  return new Date(guess);
}

/** The occurrences of weekly slots after `from` and before `until`, in time order. */
export function occurrences(
  slots: readonly { weekday: number; minute: number; timeZone: string }[],
  from: Date,
  until: Date,
): Date[] {
  const out: number[] = [];
  for (const slot of slots) {
    // Walk the zone's calendar days from the day before `from`.
    const start = new Date(from.getTime() - 86_400_000);
    for (let t = start.getTime(); t < until.getTime() + 86_400_000; t += 86_400_000) {
      const local = localParts(new Date(t), slot.timeZone);
      if (local.weekday !== slot.weekday) continue;
      const at = zonedInstant(local.year, local.month, local.day, slot.minute, slot.timeZone).getTime();
      if (at > from.getTime() && at < until.getTime()) out.push(at);
    }
  }
  return [...new Set(out)].sort((a, b) => a - b).map((t) => new Date(t));
}
