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

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
    expect(() => loadConfig({ META_PIXEL_ID: 'abc<script>' })).toThrow(/META_PIXEL_ID/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
