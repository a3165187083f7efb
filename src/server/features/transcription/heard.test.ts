import { describe, expect, it } from 'vitest';
import { heardOnDevice, keepsBrowserTranscript } from './heard.ts';

const cloud = [{ startMs: 0, endMs: 900, text: 'we recorded twelve episodes' }];
const onDevice = cloud.map((p) => ({ ...p, onDevice: true }));

describe("which transcript a recording keeps: the browser's or the server engine's", () => {
  it.each([
    // engine, what the browser heard, kept
    ['server', onDevice, false],
    ['server', cloud, false],
    ['pocketsphinx', onDevice, true],
    ['pocketsphinx', cloud, false],
    ['pocketsphinx', [], false],
    [null, onDevice, true],
    [null, cloud, true],
    [null, [], false],
    [null, null, false],
  ] as const)('engine %s, heard %j: browser kept %s', (engine, heard, kept) => {
    expect(keepsBrowserTranscript(engine, heard)).toBe(kept);
  });

  it('counts a recording as heard on-device only when every phrase was', () => {
    expect(heardOnDevice(onDevice)).toBe(true);
    expect(heardOnDevice([...onDevice, ...cloud])).toBe(false);
    expect(heardOnDevice([])).toBe(false);
    expect(heardOnDevice(null)).toBe(false);
  });
});
