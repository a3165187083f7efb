import type { AppContext } from '../../context.ts';
import { attachProviderSink, throttledSink } from '../../lib/provider-status.ts';
import { registerManagedYtDlp } from '../../providers/media/ytdlp-tool.ts';
import { publishingAvailability } from '../publishing/index.ts';
import { saveProviderEvent } from './repository.ts';
import {
  buildChecklist,
  formatChecklist,
  managedYtDlpFor,
  providersStatus,
  storageStatus,
  toolsStatus,
  ytDlpSource,
} from './service.ts';

/** How often one provider's outcome is written to `provider_status` at most. */
export const PROVIDER_WRITE_MS = 5_000;

/**
 * At start: provider outcomes are recorded in `provider_status`; when neither YTDLP_PATH nor a
 * `yt-dlp` on PATH exists, Echo's own copy is registered and, the first time (or when YTDLP_VERSION names another release), downloaded (in the
 * background: the server does not wait for it); then the operator's checklist is printed once.
 */
export function startSystemChecks(ctx: AppContext, options: { printChecklist: boolean }) {
  const { config, log } = ctx;
  // One write per provider and outcome every few seconds at most (the latest wins; times are kept
  // by `greatest`): the operator sees the last success and failure within that.
  const sink = throttledSink((event) => saveProviderEvent(ctx.database.db, event), PROVIDER_WRITE_MS);
  const detach = attachProviderSink(sink);
  const ready = (async () => {
    if (ytDlpSource(config) === 'managed') {
      const tool = managedYtDlpFor(config);
      registerManagedYtDlp(tool);
      const current = await tool.current();
      if (current && (await tool.matchesPin()))
        log.info(
          { version: current.version, sha256: current.sha256, dir: tool.dir },
          "using Echo's own yt-dlp",
        );
      else {
        log.info(
          { index: config.ytDlp.indexUrl, dir: tool.dir, pinned: config.ytDlp.pin?.version ?? null },
          current
            ? 'yt-dlp: switching to the pinned release'
            : 'no yt-dlp found: downloading the official wheel',
        );
        await tool.install().then(
          (result) =>
            log.info(
              { version: result.version, sha256: result.sha256, dir: tool.dir },
              'yt-dlp downloaded and checked',
            ),
          (error: Error) => log.warn(`yt-dlp is not available: ${error.message}`),
        );
      }
    }
    // The bucket is asked once at start, and each operation the Studio uses is tried once; a store
    // that does not answer or lacks one is reported, never fatal.
    const storage = await storageStatus(config, { probe: true, fresh: true });
    const missing = (storage.operations ?? []).filter((probe) => probe.outcome !== 'ok');
    if (storage.reachable && missing.length)
      log.warn(
        { storage: storage.kind, location: storage.location, missing },
        `media storage answers but not every operation: ${missing.map((probe) => `${probe.operation} (${probe.outcome})`).join(', ')}`,
      );
    else if (storage.reachable)
      log.info({ storage: storage.kind, location: storage.location }, 'media storage answers');
    else log.warn({ storage: storage.kind, location: storage.location }, `media storage: ${storage.problem}`);
    if (!options.printChecklist) return;
    const [tools, providers] = await Promise.all([
      toolsStatus(config, { fresh: true }),
      providersStatus(config, ctx.database.db),
    ]);
    process.stdout.write(
      formatChecklist(buildChecklist(tools, providers, storage, publishingAvailability(config))),
    );
  })().catch((error: unknown) => log.warn({ err: error }, 'system checks failed'));
  return {
    ready,
    async stop() {
      detach();
      await sink.flush();
    },
  };
}
