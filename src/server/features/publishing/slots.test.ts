import { describe, expect, it } from 'vitest';
import { occurrences, zonedInstant } from './slots.ts';

describe('weekly slots in a time zone', () => {
  it('finds the instant of a local time, summer and winter', () => {
    expect(zonedInstant(2026, 7, 7, 8 * 60 + 30, 'Europe/Paris').toISOString()).toBe(
      '2026-07-07T06:30:00.000Z',
    );
    expect(zonedInstant(2026, 12, 1, 8 * 60 + 30, 'Europe/Paris').toISOString()).toBe(
      '2026-12-01T07:30:00.000Z',
    );
    expect(zonedInstant(2026, 12, 1, 23 * 60, 'America/New_York').toISOString()).toBe(
      '2026-12-02T04:00:00.000Z',
    );
  });

  it('lists a Tuesday 08:30 slot each week at 08:30 local, across the change of clocks', () => {
    const from = new Date('2026-10-20T00:00:00Z');
    const until = new Date('2026-11-05T00:00:00Z');
    const found = occurrences([{ weekday: 2, minute: 510, timeZone: 'Europe/Paris' }], from, until);
    // Paris leaves summer time on 25 October 2026.
    expect(found.map((d) => d.toISOString())).toEqual([
      '2026-10-20T06:30:00.000Z',
      '2026-10-27T07:30:00.000Z',
      '2026-11-03T07:30:00.000Z',
    ]);
  });

  it('merges several slots in time order and skips the past', () => {
    const from = new Date('2026-11-25T12:00:00Z'); // a Wednesday
    const until = new Date('2026-11-28T00:00:00Z');
    const found = occurrences(
      [
        { weekday: 4, minute: 12 * 60, timeZone: 'UTC' },
        { weekday: 3, minute: 9 * 60, timeZone: 'UTC' },
        { weekday: 3, minute: 18 * 60, timeZone: 'UTC' },
      ],
      from,
      until,
    );
    expect(found.map((d) => d.toISOString())).toEqual([
      '2026-11-25T18:00:00.000Z',
      '2026-11-26T12:00:00.000Z',
    ]);
  });
});
