import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { findOnPath, runForOutput } from './executables.ts';
import {
  type IndexDocument,
  type IndexRelease,
  MIN_RELEASE_AGE_MS,
  pinnedRelease,
  seasonedRelease,
  versionDocumentUrl,
  WHEEL_NAME,
  YtDlpInstallError,
  type YtDlpPin,
} from './ytdlp-index.ts';

export { YtDlpInstallError, type YtDlpPin } from './ytdlp-index.ts';

/** How yt-dlp is started: a program and the arguments/environment that come before the caller's. */
export interface YtDlpCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** 'path': YTDLP_PATH or `yt-dlp` on PATH; 'managed': the wheel Echo downloaded itself. */
  source: 'path' | 'managed';
}

/** What the state file of the managed copy records (DATA_DIR/tools/yt-dlp/current.json). */
interface ManagedState {
  version: string;
  wheel: string;
  sha256: string;
  installedAt: string;
}

const MIN_PYTHON: [number, number] = [3, 9];
const MAX_WHEEL_BYTES = 64 * 1024 * 1024;

/** `python3`'s version as [major, minor], or null when it does not run. */
export async function pythonVersion(python = 'python3'): Promise<[number, number] | null> {
  try {
    const output = await runForOutput(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], {
      timeoutMs: 10_000,
    });
    const [major, minor] = output.trim().split('.').map(Number);
    return Number.isInteger(major) && Number.isInteger(minor) ? [major!, minor!] : null;
  } catch {
    return null;
  }
}

export interface ManagedYtDlpOptions {
  /** DATA_DIR/tools */
  toolsDir: string;
  /** JSON API of the index for the yt-dlp project (PyPI's shape). */
  indexUrl: string;
  /** The operator's release (YTDLP_VERSION, YTDLP_SHA256); unset: the newest one old enough. */
  pin?: YtDlpPin;
  /** How old a release must be to be taken unpinned (48 hours). */
  minReleaseAgeMs?: number;
  python?: string;
  timeoutMs?: number;
}

/** What an install did: the release in use, its wheel's sha256, and whether it changed. */
export interface InstallResult {
  version: string;
  sha256: string;
  changed: boolean;
}

/**
 * Echo's own copy of yt-dlp: the official pure-Python wheel from the package index, run as
 * `python3 -m yt_dlp` with the wheel on PYTHONPATH (no pip, no virtual environment). The release
 * is the operator's pin, else the newest one at least 48 hours old (ytdlp-index.ts). A wheel is
 * used only after its sha256 matched the expected digest and a `--version` run passed;
 * the switch to a new release is one rename of the state file, and the previous wheel stays on
 * disk (a run that started with it keeps working).
 */
export class ManagedYtDlp {
  readonly dir: string;
  private readonly options: ManagedYtDlpOptions;
  private installing: Promise<InstallResult> | undefined;

  constructor(options: ManagedYtDlpOptions) {
    this.options = options;
    this.dir = path.join(options.toolsDir, 'yt-dlp');
  }

  get python(): string {
    return this.options.python ?? 'python3';
  }

  private async readState(): Promise<ManagedState | null> {
    try {
      const state = JSON.parse(await readFile(path.join(this.dir, 'current.json'), 'utf8')) as ManagedState;
      return WHEEL_NAME.test(state.wheel) ? state : null;
    } catch {
      return null;
    }
  }

  /** The installed release, or null. Read at every call, so a switch made by another process counts. */
  async current(): Promise<{ version: string; sha256: string; wheel: string } | null> {
    const state = await this.readState();
    return state
      ? { version: state.version, sha256: state.sha256, wheel: path.join(this.dir, state.wheel) }
      : null;
  }

  /** Whether the installed copy is what the configuration asks for (the pin, when there is one). */
  async matchesPin(): Promise<boolean> {
    const state = await this.readState();
    const pin = this.options.pin;
    if (!state) return false;
    return !pin || (state.version === pin.version && (!pin.sha256 || state.sha256 === pin.sha256));
  }

  /** How to run the installed copy; null when there is none or it is not the pinned release. */
  async command(): Promise<YtDlpCommand | null> {
    const current = await this.current();
    if (!current || !(await this.matchesPin())) return null;
    return {
      file: this.python,
      args: ['-m', 'yt_dlp'],
      env: { PYTHONPATH: current.wheel, PYTHONDONTWRITEBYTECODE: '1' },
      source: 'managed',
    };
  }

  /** Installs the release to use (see the class) unless it is the one in use; one run at a time per process. */
  install(): Promise<InstallResult> {
    this.installing ??= this.installLatest()
      .then(
        async (result) => {
          await rm(this.errorFile, { force: true });
          return result;
        },
        async (error: unknown) => {
          // Kept for the operator's checklist (any process sharing DATA_DIR reads it).
          const message = error instanceof Error ? error.message : String(error);
          await mkdir(this.dir, { recursive: true })
            .then(() => writeFile(this.errorFile, JSON.stringify({ message, at: new Date().toISOString() })))
            .catch(() => {});
          throw error;
        },
      )
      .finally(() => {
        this.installing = undefined;
      });
    return this.installing;
  }

  private get errorFile(): string {
    return path.join(this.dir, 'last-error.json');
  }

  /** Why the last download or update failed, or null (cleared by the next success). */
  async lastError(): Promise<string | null> {
    try {
      return (JSON.parse(await readFile(this.errorFile, 'utf8')) as { message: string }).message;
    } catch {
      return null;
    }
  }

  private async installLatest(): Promise<InstallResult> {
    const python = await pythonVersion(this.python);
    if (!python || python[0] < MIN_PYTHON[0] || (python[0] === MIN_PYTHON[0] && python[1] < MIN_PYTHON[1])) {
      throw new YtDlpInstallError(
        python
          ? `Echo's own yt-dlp needs python3 >= ${MIN_PYTHON.join('.')} (found ${python.join('.')}); install a newer python3 or set YTDLP_PATH`
          : `Echo's own yt-dlp needs python3 >= ${MIN_PYTHON.join('.')}, which was not found; install python3 or set YTDLP_PATH`,
      );
    }
    const release = await this.chooseRelease();
    const state = await this.readState();
    if (state?.version === release.version && state.sha256 === release.sha256)
      return { version: release.version, sha256: release.sha256, changed: false };

    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, release.filename);
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      const digest = await this.download(release.url, partial);
      if (digest !== release.sha256) {
        throw new YtDlpInstallError(
          `the downloaded yt-dlp ${release.version} does not match ${release.pinned && this.options.pin?.sha256 ? 'YTDLP_SHA256' : "the index's sha256 digest"}; it was deleted and not run`,
        );
      }
      const output = await runForOutput(this.python, ['-m', 'yt_dlp', '--version'], {
        env: { PYTHONPATH: partial, PYTHONDONTWRITEBYTECODE: '1' },
        timeoutMs: 60_000,
      }).catch((error: Error) => {
        throw new YtDlpInstallError(
          `yt-dlp ${release.version} did not pass its --version run: ${error.message}`,
        );
      });
      if (!output.trim()) throw new YtDlpInstallError(`yt-dlp ${release.version} printed no version`);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    const next: ManagedState = {
      version: release.version,
      wheel: release.filename,
      sha256: release.sha256,
      installedAt: new Date().toISOString(),
    };
    const stateTemp = path.join(this.dir, `current.json.${randomBytes(6).toString('hex')}`);
    await writeFile(stateTemp, JSON.stringify(next));
    await rename(stateTemp, path.join(this.dir, 'current.json'));
    // Keep the new wheel and the one it replaced; older ones go.
    const keep = new Set([release.filename, state?.wheel]);
    for (const file of await readdir(this.dir)) {
      if (WHEEL_NAME.test(file) && !keep.has(file)) await rm(path.join(this.dir, file), { force: true });
    }
    return { version: release.version, sha256: release.sha256, changed: true };
  }

  private async readIndex(url: string): Promise<IndexDocument> {
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as IndexDocument;
    } catch (error) {
      throw new YtDlpInstallError(
        `the package index (${url}) could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The pinned release, else the newest release old enough to trust (ytdlp-index.ts). */
  private async chooseRelease(): Promise<IndexRelease> {
    const project = await this.readIndex(this.options.indexUrl);
    const pin = this.options.pin;
    if (!pin) return seasonedRelease(project, Date.now(), this.options.minReleaseAgeMs ?? MIN_RELEASE_AGE_MS);
    // PyPI's project document lists every release; a mirror may only have the per-version one.
    const versionDocument = project.releases?.[pin.version]
      ? undefined
      : await this.readIndex(versionDocumentUrl(this.options.indexUrl, pin.version));
    return pinnedRelease(pin, project, versionDocument);
  }

  /** Streams the wheel to `file` with a size cap; returns its sha256 (hex). */
  private async download(url: string, file: string): Promise<string> {
    const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000) }).catch(
      (error: Error) => {
        throw new YtDlpInstallError(`the yt-dlp wheel could not be downloaded: ${error.message}`);
      },
    );
    if (!res.ok || !res.body)
      throw new YtDlpInstallError(`the yt-dlp wheel could not be downloaded: HTTP ${res.status}`);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > MAX_WHEEL_BYTES)
          return callback(new YtDlpInstallError('the yt-dlp wheel is larger than expected'));
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(res.body as never), meter, createWriteStream(file, { mode: 0o644 }));
    return hash.digest('hex');
  }
}

/**
 * The process's yt-dlp resolution: YTDLP_PATH wins; else `yt-dlp` on PATH; else the managed copy.
 * The runtime registers the managed copy (`registerManagedYtDlp`); `runYtDlp` asks here at every run.
 */
let managed: ManagedYtDlp | null = null;

export function registerManagedYtDlp(tool: ManagedYtDlp | null): void {
  managed = tool;
}

export function managedYtDlp(): ManagedYtDlp | null {
  return managed;
}

/** The default name callers pass when YTDLP_PATH is unset. */
export const DEFAULT_YTDLP = 'yt-dlp';

export async function resolveYtDlp(binary: string): Promise<YtDlpCommand> {
  const direct: YtDlpCommand = { file: binary, args: [], env: {}, source: 'path' };
  if (binary !== DEFAULT_YTDLP || findOnPath(DEFAULT_YTDLP) || !managed) return direct;
  const existing = await managed.command();
  if (existing) return existing;
  // Not downloaded yet (first start still fetching, or it failed): one attempt now.
  await managed.install();
  return (await managed.command()) ?? direct;
}

/** `yt-dlp --version` of the resolved command, or null. */
export async function ytDlpVersion(command: YtDlpCommand): Promise<string | null> {
  try {
    const output = await runForOutput(command.file, [...command.args, '--version'], {
      env: command.env,
      timeoutMs: 30_000,
    });
    return output.trim().split('\n')[0] || null;
  } catch {
    return null;
  }
}
