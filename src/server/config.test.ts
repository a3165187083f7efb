import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.role).toBe('all');
    expect(config.runsWeb && config.runsWorker).toBe(true);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.metaPixelId).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://echo.example/' }).publicUrl).toBe('https://echo.example');
  });

  it('splits roles', () => {
    expect(loadConfig({ ROLE: 'web' })).toMatchObject({ runsWeb: true, runsWorker: false });
    expect(loadConfig({ ROLE: 'worker' })).toMatchObject({ runsWeb: false, runsWorker: true });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', DATABASE_URL: ' ', META_PIXEL_ID: '' })).toMatchObject({
      smtpUrl: undefined,
      databaseUrl: undefined,
      metaPixelId: undefined,
    });
  });

  it('has job and provider time settings with production defaults', () => {
    const config = loadConfig({});
    expect(config.jobs).toEqual({ heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: undefined });
    expect(config.providerTimeoutMs).toBeUndefined();
    expect(config.llm.timeoutMs).toBeUndefined();
    const tuned = loadConfig({
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_SUPERVISE_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '0',
      PROVIDER_TIMEOUT_SECONDS: '1.5',
    });
    expect(tuned.jobs).toEqual({ heartbeatSeconds: 10, superviseSeconds: 1, retryDelaySeconds: 0 });
    expect(tuned.providerTimeoutMs).toBe(1500);
    expect([tuned.llm.timeoutMs, tuned.stt.timeoutMs, tuned.twilio.timeoutMs]).toEqual([1500, 1500, 1500]);
    // pg-boss needs a heartbeat of at least 10 s.
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '5' })).toThrow(/JOB_HEARTBEAT_SECONDS/);
    expect(() => loadConfig({ JOB_SUPERVISE_SECONDS: '0' })).toThrow(/JOB_SUPERVISE_SECONDS/);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_SECONDS: '0' })).toThrow(/PROVIDER_TIMEOUT_SECONDS/);
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => loadConfig({ META_PIXEL_ID: 'abc<script>' })).toThrow(/META_PIXEL_ID/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('reads TRUST_PROXY as Fastify takes it: yes/no, a hop count, or trusted IPs and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('wants a configured admin password of at least 12 characters', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short-pass' })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters/,
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve-chars' }).adminPassword).toBe('twelve-chars');
  });

  it('refuses to start in production without https PUBLIC_URL, SMTP_URL and ADMIN_PASSWORD, naming each', () => {
    const good = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://echo.example',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      ADMIN_PASSWORD: 'a long admin password',
    };
    expect(loadConfig(good).production).toBe(true);
    expect(loadConfig({ ...good, NODE_ENV: 'development', PUBLIC_URL: 'http://x.example' }).production).toBe(
      false,
    );
    expect(() => loadConfig({ ...good, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: must be an https/);
    expect(() => loadConfig({ ...good, PUBLIC_URL: 'http://echo.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...good, SMTP_URL: '' })).toThrow(/SMTP_URL: must be set in production/);
    expect(() => loadConfig({ ...good, ADMIN_PASSWORD: undefined })).toThrow(/ADMIN_PASSWORD: must be set/);
  });

  it('reads the tool settings', () => {
    expect(loadConfig({}).ytDlp).toEqual({
      path: undefined,
      indexUrl: 'https://pypi.org/pypi/yt-dlp/json',
      autoUpdate: true,
      pin: undefined,
    });
    expect(loadConfig({}).ytDlpPath).toBe('yt-dlp');
    const set = loadConfig({
      YTDLP_PATH: '/opt/yt-dlp',
      YTDLP_AUTO_UPDATE: 'false',
      FFMPEG_PATH: '/opt/ffmpeg',
    });
    expect(set.ytDlp).toMatchObject({ path: '/opt/yt-dlp', autoUpdate: false });
    expect(set.ytDlpPath).toBe('/opt/yt-dlp');
    expect(set.ffmpegPath).toBe('/opt/ffmpeg');
  });

  it('pins the managed yt-dlp with YTDLP_VERSION and an optional YTDLP_SHA256', () => {
    expect(loadConfig({ YTDLP_VERSION: '2025.10.22' }).ytDlp.pin).toEqual({ version: '2025.10.22' });
    expect(loadConfig({ YTDLP_VERSION: '2025.10.22', YTDLP_SHA256: 'AB'.repeat(32) }).ytDlp.pin).toEqual({
      version: '2025.10.22',
      sha256: 'ab'.repeat(32),
    });
    expect(() => loadConfig({ YTDLP_VERSION: '2025.10.22', YTDLP_SHA256: 'abc' })).toThrow(
      /YTDLP_SHA256: YTDLP_SHA256 must be a sha256 digest/,
    );
    expect(() => loadConfig({ YTDLP_VERSION: '../latest' })).toThrow(/YTDLP_VERSION/);
    expect(() => loadConfig({ YTDLP_SHA256: 'ab'.repeat(32) })).toThrow(/YTDLP_SHA256: needs YTDLP_VERSION/);
  });

  it('keeps Studio files on this machine unless S3_BUCKET is set, and wants the keys with it', () => {
    const local = loadConfig({});
    expect(local.storage.s3).toBeUndefined();
    expect(local.storage.temp.maxBytes).toBe(4096 * 1024 * 1024);
    expect(loadConfig({ STORAGE_TEMP_DIR: '/srv/tmp', STORAGE_TEMP_MB: '1024' }).storage.temp).toEqual({
      dir: '/srv/tmp',
      maxBytes: 1024 * 1024 * 1024,
    });
    const s3 = {
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_BUCKET: 'echo-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).storage.s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'echo-media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: '', S3_REGION: 'eu-west-1' }).storage.s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: both must be set/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(
      /S3_BUCKET: must be set with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_TEMP_MB: '100' })).toThrow(ConfigError);
  });
});
