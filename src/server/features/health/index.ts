/** GET /api/health, GET /api/capabilities, the start-up checks and the yt-dlp update job. */
export { UPDATE_YTDLP_CRON, updateYtDlpJob } from './job-definitions.ts';
export { createUpdateYtDlpHandler } from './jobs.ts';
export { saveProviderEvent } from './repository.ts';
export { healthRoutes } from './routes.ts';
export { startSystemChecks } from './startup.service.ts';
