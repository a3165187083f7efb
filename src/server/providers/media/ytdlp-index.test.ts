import { describe, expect, it } from 'vitest';
import { type IndexFile, pinnedRelease, seasonedRelease, versionDocumentUrl } from './ytdlp-index.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const wheel = (version: string, hoursOld: number | null, extra: Partial<IndexFile> = {}): IndexFile[] => [
  {
    packagetype: 'bdist_wheel',
    filename: `yt_dlp-${version}-py3-none-any.whl`,
    url: `https://files.example/yt_dlp-${version}-py3-none-any.whl`,
    digests: { sha256: version.length.toString(16).padStart(64, 'a') },
    ...(hoursOld === null
      ? {}
      : { upload_time_iso_8601: new Date(NOW - hoursOld * 3_600_000).toISOString() }),
    ...extra,
  },
];

describe('choosing the yt-dlp release on the index', () => {
  it('takes the newest final, unyanked release at least 48 hours old', () => {
    const releases = {
      '2025.1.1': wheel('2025.1.1', 500),
      '2025.2.1': wheel('2025.2.1', 100),
      '2025.2.2': wheel('2025.2.2', 90, { yanked: true }),
      '2025.2.3.101010.dev0': wheel('2025.2.3.101010.dev0', 80),
      '2025.3.0rc1': wheel('2025.3.0rc1', 70),
      '2025.3.1': wheel('2025.3.1', 47.5),
    };
    expect(seasonedRelease({ releases }, NOW)).toMatchObject({ version: '2025.2.1', pinned: false });
    expect(seasonedRelease({ releases }, NOW + 3_600_000)).toMatchObject({ version: '2025.3.1' });
  });

  it('takes nothing whose upload time the index does not give', () => {
    expect(() => seasonedRelease({ releases: { '2025.1.1': wheel('2025.1.1', null) } }, NOW)).toThrow(
      /no yt-dlp release \(with its upload time\) at least 48 hours old; set YTDLP_VERSION/,
    );
    // A mirror without the release list: its newest release alone, by the same rule.
    expect(seasonedRelease({ info: { version: '2025.1.1' }, urls: wheel('2025.1.1', 49) }, NOW).version).toBe(
      '2025.1.1',
    );
  });

  it('takes a pinned release of any age, refusing one whose index digest is not the pinned one', () => {
    const project = { releases: { '2025.3.1': wheel('2025.3.1', 1) } };
    const digest = project.releases['2025.3.1'][0]!.digests!.sha256!;
    expect(pinnedRelease({ version: '2025.3.1' }, project)).toMatchObject({ sha256: digest, pinned: true });
    expect(pinnedRelease({ version: '2025.3.1', sha256: digest }, project).version).toBe('2025.3.1');
    expect(() => pinnedRelease({ version: '2025.3.1', sha256: 'f'.repeat(64) }, project)).toThrow(
      /is not YTDLP_SHA256/,
    );
    expect(() => pinnedRelease({ version: '2024.1.1' }, project)).toThrow(
      'the package index lists no wheel of yt-dlp 2024.1.1 (YTDLP_VERSION); check the version',
    );
    expect(versionDocumentUrl('https://pypi.org/pypi/yt-dlp/json', '2025.3.1')).toBe(
      'https://pypi.org/pypi/yt-dlp/2025.3.1/json',
    );
  });
});
