import { z } from 'zod';
import type { Config } from '../../config.ts';
import { defineJob, type JobHandler } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { managedYtDlpFor, ytDlpSource } from './service.ts';

/**
 * Daily (UTC): looks for a newer yt-dlp release on the package index (at least 48 hours old, or
 * the YTDLP_VERSION pin) and switches Echo's managed copy to it once its sha256 and a `--version` run passed (platforms change often; a stale yt-dlp
 * is the usual cause of failed fetches). Nothing to do when YTDLP_PATH is set, a yt-dlp is on
 * PATH, or YTDLP_AUTO_UPDATE=false.
 */
export const updateYtDlpJob = defineJob({
  name: 'tools.ytdlp-update',
  schema: z.object({}).passthrough().nullish(),
  retryLimit: 2,
  expireInSeconds: 15 * 60,
});
export const UPDATE_YTDLP_CRON = '20 3 * * *';

export function createUpdateYtDlpHandler(deps: { config: Config; log: Logger }): JobHandler<unknown> {
  return async () => {
    if (!deps.config.ytDlp.autoUpdate || ytDlpSource(deps.config) !== 'managed') return;
    const tool = managedYtDlpFor(deps.config);
    const before = await tool.current();
    try {
      const result = await tool.install();
      if (result.changed)
        deps.log.info(
          { from: before?.version ?? null, to: result.version, sha256: result.sha256 },
          'yt-dlp updated',
        );
    } catch (error) {
      // The copy in use stays; tomorrow's run tries again.
      deps.log.warn(
        { err: error, version: before?.version ?? null },
        'yt-dlp update failed; the current copy stays',
      );
    }
  };
}
