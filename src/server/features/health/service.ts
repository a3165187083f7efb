import path from 'node:path';
import type {
  Capabilities,
  ChecklistItem,
  ProviderName,
  StorageHealth,
  SystemHealth,
} from '#contract/system.ts';
import { PROVIDER_NAMES } from '#contract/system.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findOnPath, runForOutput } from '../../providers/media/executables.ts';
import { ffmpegVersion, resolveFfmpeg } from '../../providers/media/ffmpeg.ts';
import { BUNDLED_FFMPEG_REFUSED, bundledFfmpeg } from '../../providers/media/ffmpeg-run.ts';
import { DEFAULT_YTDLP, ManagedYtDlp, ytDlpVersion } from '../../providers/media/ytdlp-tool.ts';
import {
  type ObjectStorage,
  type OperationProbe,
  type StoreOperation,
  storageFor,
} from '../../providers/storage/index.ts';
import { checkPocketsphinx, resolvePocketsphinx } from '../../providers/stt/pocketsphinx.ts';
import {
  PUBLISHING_OPERATOR_SETTINGS,
  publishingAvailability,
  publishingHealth,
} from '../publishing/index.ts';
import { mediaEngineDiarizes, mediaEngineName } from '../transcription/index.ts';
import { listProviderStatus } from './repository.ts';

type Tools = NonNullable<SystemHealth['tools']>;
type Providers = NonNullable<SystemHealth['providers']>;

/** The managed yt-dlp of this configuration (DATA_DIR/tools), used by the runtime and the update job. */
export function managedYtDlpFor(config: Config): ManagedYtDlp {
  return new ManagedYtDlp({
    toolsDir: path.join(config.dataDir, 'tools'),
    indexUrl: config.ytDlp.indexUrl,
    pin: config.ytDlp.pin,
  });
}

/** Which yt-dlp this configuration runs: YTDLP_PATH, `yt-dlp` on PATH, or the managed copy. */
export function ytDlpSource(config: Config): 'path' | 'managed' {
  return config.ytDlp.path || findOnPath(DEFAULT_YTDLP) ? 'path' : 'managed';
}

let toolsCache: { key: string; at: number; value: Promise<Tools> } | undefined;
const TOOLS_CACHE_MS = 60_000;

/** Versions of yt-dlp and ffmpeg (each runs `--version`) and PocketSphinx (a short self-test); cached for a minute. */
export function toolsStatus(config: Config, options: { fresh?: boolean } = {}): Promise<Tools> {
  const key = `${config.dataDir}|${config.ytDlp.path}|${config.ffmpegPath}|${config.pocketsphinxPath}`;
  if (!options.fresh && toolsCache?.key === key && Date.now() - toolsCache.at < TOOLS_CACHE_MS)
    return toolsCache.value;
  const value = (async (): Promise<Tools> => {
    const source = ytDlpSource(config);
    let ytdlpVersion: string | null = null;
    let problem: string | null = null;
    if (source === 'path') {
      const file = config.ytDlp.path ?? DEFAULT_YTDLP;
      ytdlpVersion = await runForOutput(file, ['--version'], { timeoutMs: 30_000 })
        .then((out) => out.trim().split('\n')[0] || null)
        .catch(() => null);
    } else {
      const tool = managedYtDlpFor(config);
      const command = await tool.command();
      ytdlpVersion = command ? await ytDlpVersion(command) : null;
      problem = await tool.lastError();
    }
    const [ffmpeg, pocketsphinx] = await Promise.all([
      ffmpegVersion(resolveFfmpeg(config.ffmpegPath).path),
      checkPocketsphinx(resolvePocketsphinx(config.pocketsphinxPath)),
    ]);
    return {
      ytdlp: { version: ytdlpVersion, source, ...(problem ? { problem } : {}) },
      ffmpeg: { version: ffmpeg, ...bundledFfmpeg(config) },
      pocketsphinx,
    };
  })();
  toolsCache = { key, at: Date.now(), value };
  return value;
}

export function providerConfigured(config: Config): Record<ProviderName, boolean> {
  return {
    smtp: Boolean(config.smtpUrl),
    twilio: Boolean(config.twilio.accountSid && config.twilio.authToken && config.twilio.from),
    stt: Boolean(config.stt.baseUrl),
    llm: Boolean(config.llm.baseUrl),
    stripe: Boolean(config.stripeWebhookSecret),
    webhook: Boolean(config.webhookSecret),
  };
}

export async function providersStatus(config: Config, db: Db): Promise<Providers> {
  const configured = providerConfigured(config);
  const rows = new Map((await listProviderStatus(db)).map((row) => [row.provider, row]));
  const entries = PROVIDER_NAMES.map((name) => {
    const row = rows.get(name);
    return [
      name,
      {
        configured: configured[name],
        lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: row?.lastFailureAt?.toISOString() ?? null,
        lastError: row?.lastError ?? null,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as Providers;
}

/** What each missing piece means for users, and the setting that fixes it. */
const MISSING: Record<ProviderName, { label: string; ok: string; missing: string }> = {
  smtp: {
    label: 'E-mail (SMTP)',
    ok: 'e-mails are delivered',
    missing:
      'e-mails (sign-in codes, welcome and campaign e-mails) are not delivered; they wait in the outbox (/admin/outbox): set SMTP_URL',
  },
  twilio: {
    label: 'SMS (Twilio)',
    ok: 'SMS are delivered',
    missing:
      'SMS are not sent; they wait in the outbox: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
  },
  stt: {
    label: 'Speech-to-text',
    ok: 'videos without captions are transcribed',
    missing: 'videos without captions cannot be transcribed: set STT_BASE_URL',
  },
  llm: {
    label: 'Language model',
    ok: 'trend analyses and summaries are written by the model',
    missing:
      'trend analyses and summaries come from the offline template engine: set LLM_BASE_URL for model-written ones',
  },
  stripe: {
    label: 'Stripe webhooks',
    ok: 'affiliate commissions are recorded from Stripe payments',
    missing: 'affiliate commissions are not recorded (Stripe webhooks answer 503): set STRIPE_WEBHOOK_SECRET',
  },
  webhook: {
    label: 'External transcription service',
    ok: 'videos nobody else can transcribe wait for the signed webhook',
    missing: 'no external transcription service is waited for: set WEBHOOK_SECRET to connect one',
  },
};

/**
 * What each S3 operation Echo uses is needed for in the Studio (decision 017): `disables` is what
 * stops working without it; `optional` ones Echo works around.
 */
const STUDIO_NEEDS: Record<StoreOperation, { disables: string; optional?: boolean }> = {
  PutObject: { disables: 'recordings, uploads and every stored media file' },
  'GetObject with Range': { disables: 'playing notes, their transcription and clips' },
  ListObjectsV2: {
    disables: "recordings (their chunks are counted by a listing), deleting a recording's chunks",
  },
  DeleteObject: {
    disables: "removing media of deleted notes and 'Delete my data' (the keys wait in the deletion outbox)",
  },
  DeleteObjects: { disables: 'nothing: Echo deletes one object at a time instead', optional: true },
  CreateMultipartUpload: { disables: 'resumable uploads and storing files over 8 MiB (long recordings)' },
  UploadPart: { disables: 'resumable uploads and storing files over 8 MiB (long recordings)' },
  ListParts: { disables: 'resumable uploads (every upload would fail; recordings still work)' },
  ListMultipartUploads: {
    disables:
      "nothing Echo needs: unfinished multipart uploads under a deleted folder are not found (let the bucket's lifecycle rules abort them)",
    optional: true,
  },
  AbortMultipartUpload: {
    disables:
      "nothing Echo needs: a cancelled upload's parts stay until the bucket's lifecycle rules remove them",
    optional: true,
  },
};

/** Probes of the store's operations, per store, kept 10 minutes (each is ten small requests). */
const probes = new WeakMap<object, { at: number; result: Promise<OperationProbe[] | null> }>();
const PROBE_KEPT_MS = 10 * 60_000;

async function probeOperations(storage: ObjectStorage, fresh: boolean): Promise<OperationProbe[] | null> {
  if (!storage.probe) return null;
  const known = probes.get(storage);
  if (known && !fresh && Date.now() - known.at < PROBE_KEPT_MS) return known.result;
  const result = storage.probe().catch(() => null);
  probes.set(storage, { at: Date.now(), result });
  return result;
}

/**
 * Which store keeps Studio files, whether it answers now (a HeadBucket for S3; never throws), and
 * with `probe`, which operations it does (S3; kept 10 minutes unless `fresh`).
 */
export async function storageStatus(
  config: Config,
  options: { probe?: boolean; fresh?: boolean } = {},
): Promise<StorageHealth> {
  const storage = storageFor(config);
  const check = await storage.check();
  const operations =
    check.ok && options.probe ? await probeOperations(storage, options.fresh ?? false) : null;
  return {
    kind: storage.kind,
    location: storage.location,
    reachable: check.ok,
    ...(check.problem ? { problem: check.problem } : {}),
    ...(operations
      ? {
          operations: operations.map(({ operation, outcome }) => ({
            operation,
            outcome,
            disables: outcome === 'ok' ? null : STUDIO_NEEDS[operation].disables,
          })),
        }
      : {}),
  };
}

function storageItem(storage: StorageHealth): ChecklistItem {
  const label = 'Media storage';
  if (!storage.reachable)
    return {
      key: 'storage',
      label,
      ok: false,
      detail: `${storage.problem ?? `${storage.location} did not answer`}: Studio recordings and uploads cannot be stored or played until it answers (check S3_ENDPOINT, S3_BUCKET and the keys${storage.kind === 'local' ? ', or DATA_DIR' : ''})`,
    };
  const missing = (storage.operations ?? []).filter((probe) => probe.outcome !== 'ok');
  const needed = missing.filter((probe) => !STUDIO_NEEDS[probe.operation as StoreOperation]?.optional);
  const said = (list: typeof missing) =>
    list.map((probe) => `${probe.operation} ${probe.outcome} (without it: ${probe.disables})`).join('; ');
  if (needed.length)
    return {
      key: 'storage',
      label,
      ok: false,
      detail: `${storage.location} answers but not every operation the Studio uses: ${said(missing)}. Use a store that has them (decision 017 lists them)`,
    };
  const base =
    storage.kind === 's3'
      ? `${storage.location} answers (S3)${storage.operations ? ', with every operation the Studio needs' : ''}`
      : `this machine's disk (${storage.location}); set S3_BUCKET and the other S3_* settings to keep Studio media in an S3-compatible bucket`;
  return { key: 'storage', label, ok: true, detail: missing.length ? `${base}; ${said(missing)}` : base };
}

export function buildChecklist(
  tools: Tools,
  providers: Providers,
  storage?: StorageHealth,
  publishing: { platform: string; available: boolean; reason: string | null }[] = [],
): ChecklistItem[] {
  const items: ChecklistItem[] = [
    tools.ytdlp.version
      ? {
          key: 'ytdlp',
          label: 'yt-dlp',
          ok: true,
          detail: `yt-dlp ${tools.ytdlp.version} (${tools.ytdlp.source === 'managed' ? "Echo's own copy, kept current" : 'from YTDLP_PATH or PATH'}): captions, audio and trend metadata can be fetched${tools.ytdlp.problem ? ` (the last update failed: ${tools.ytdlp.problem})` : ''}`,
        }
      : {
          key: 'ytdlp',
          label: 'yt-dlp',
          ok: false,
          detail:
            tools.ytdlp.source === 'managed'
              ? `no video can be transcribed and no trend analysed: ${tools.ytdlp.problem ?? "Echo's own yt-dlp is not downloaded yet"} (needs python3 >= 3.9 and the package index, YTDLP_INDEX_URL; or set YTDLP_PATH)`
              : 'no video can be transcribed and no trend analysed: the yt-dlp on YTDLP_PATH/PATH does not run',
        },
    tools.ffmpeg.refused
      ? { key: 'ffmpeg', label: 'ffmpeg', ok: false, detail: BUNDLED_FFMPEG_REFUSED }
      : tools.ffmpeg.version
        ? {
            key: 'ffmpeg',
            label: 'ffmpeg',
            ok: true,
            detail: tools.ffmpeg.bundled
              ? `ffmpeg ${tools.ffmpeg.version}, the npm package's December 2018 build, parses uploads: install the system's ffmpeg (production refuses this one unless ALLOW_BUNDLED_FFMPEG=true)`
              : `ffmpeg ${tools.ffmpeg.version}: audio can be converted`,
          }
        : {
            key: 'ffmpeg',
            label: 'ffmpeg',
            ok: false,
            detail:
              'audio in formats the speech-to-text server does not take cannot be converted: set FFMPEG_PATH',
          },
    tools.pocketsphinx.version
      ? {
          key: 'pocketsphinx',
          label: 'PocketSphinx (offline speech-to-text)',
          ok: true,
          detail: `PocketSphinx ${tools.pocketsphinx.version} with its US English model: rough offline transcripts can be made without a speech-to-text server`,
        }
      : {
          key: 'pocketsphinx',
          label: 'PocketSphinx (offline speech-to-text)',
          ok: false,
          detail: `no rough offline transcript without a speech-to-text server (${tools.pocketsphinx.problem ?? 'it does not run'}): install Debian's pocketsphinx and pocketsphinx-en-us, or set POCKETSPHINX_PATH`,
        },
  ];
  if (storage) items.push(storageItem(storage));
  for (const offer of publishing.filter((p) => p.platform === 'linkedin' || p.platform === 'x')) {
    const label = offer.platform === 'x' ? 'X' : 'LinkedIn';
    items.push({
      key: `publish-${offer.platform}`,
      label: `Publishing to ${label}`,
      ok: offer.available,
      detail: offer.available
        ? `users can connect ${label} accounts and publish to them`
        : `users cannot publish to ${label} (they read "${offer.reason}"): set ${PUBLISHING_OPERATOR_SETTINGS[offer.platform as keyof typeof PUBLISHING_OPERATOR_SETTINGS]} (the operator's developer app)`,
    });
  }
  for (const name of PROVIDER_NAMES) {
    const status = providers[name];
    const text = MISSING[name];
    const failing =
      status.configured &&
      status.lastFailureAt !== null &&
      (status.lastSuccessAt === null || status.lastFailureAt > status.lastSuccessAt);
    items.push({
      key: name,
      label: text.label,
      ok: status.configured && !failing,
      detail: !status.configured
        ? text.missing
        : failing
          ? `the last call failed (${status.lastFailureAt}): ${status.lastError ?? 'no detail'}`
          : text.ok,
    });
  }
  return items;
}

/** The admin's view of GET /api/health. */
export async function systemStatus(
  ctx: AppContext,
): Promise<Pick<SystemHealth, 'tools' | 'providers' | 'checklist' | 'storage' | 'publishing'>> {
  const [tools, providers, storage, publishing] = await Promise.all([
    toolsStatus(ctx.config),
    providersStatus(ctx.config, ctx.database.db),
    storageStatus(ctx.config, { probe: true }),
    publishingHealth(ctx),
  ]);
  return {
    tools,
    providers,
    storage,
    publishing,
    checklist: buildChecklist(tools, providers, storage, publishingAvailability(ctx.config)),
  };
}

/** The checklist as console lines (printed once at start). */
export function formatChecklist(items: ChecklistItem[]): string {
  const lines = items.map((item) => `  ${item.ok ? '[x]' : '[ ]'} ${item.label}: ${item.detail}`);
  return `\n  What works on this server (also at /admin/system):\n${lines.join('\n')}\n\n`;
}

export function capabilities(config: Config): Capabilities {
  return {
    transcription: { captionsOnly: !config.stt.baseUrl && !config.webhookSecret },
    studio: { engine: mediaEngineName(config) ?? 'none', diarize: mediaEngineDiarizes(config) },
    drafts: { llm: Boolean(config.llm.baseUrl) },
  };
}
