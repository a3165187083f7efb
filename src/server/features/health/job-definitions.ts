import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

/**
 * Daily (UTC): looks for a newer yt-dlp release on the package index (at least 48 hours old, or
 * the YTDLP_VERSION pin) and switches Echo's managed copy to it once its sha256 and a `--version`
 * run passed (platforms change often; a stale yt-dlp
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
