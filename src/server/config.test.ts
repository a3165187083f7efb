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
});
