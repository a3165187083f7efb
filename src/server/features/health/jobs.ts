import type { Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { managedYtDlpFor, ytDlpSource } from './service.ts';

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
