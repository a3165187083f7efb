import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePackageIndex, startFakePackageIndex } from '#tests/support/fake-package-index.ts';
import { FAKE_S3, FakeS3 } from '#tests/support/fake-s3.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { registerManagedYtDlp } from '../../providers/media/ytdlp-tool.ts';
import { createUpdateYtDlpHandler } from './index.ts';
import { toolsStatus } from './service.ts';

let echo: TestApp;
let index: FakePackageIndex;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-system-'));
  index = await startFakePackageIndex();
  index.publish('2025.1.1');
  // No YTDLP_PATH and (on this machine) no yt-dlp on PATH: Echo downloads its own at start.
  echo = await startTestApp({ DATA_DIR: dataDir, YTDLP_INDEX_URL: index.url });
  await echo.systemReady;
  const login = await echo.app!.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_ADMIN_PASSWORD },
  });
  token = login.json().token;
});
afterAll(async () => {
  await echo?.close();
  registerManagedYtDlp(null);
  await index?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const health = (headers: Record<string, string> = {}) =>
  echo.app!.inject({ method: 'GET', url: '/api/health', headers });

describe('GET /api/health for the operator', () => {
  it('answers only the public status without an admin token (or with a wrong one)', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const res = await health(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'up', role: 'all' });
    }
  });

  it('adds tools, providers and the checklist for an admin token', async () => {
    const res = await health({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: 'up', role: 'all' });
    expect(body.tools.ytdlp).toEqual({ version: '2025.1.1', source: 'managed' });
    expect(body.tools.ffmpeg.version).toEqual(expect.any(String));
    // Debian's pocketsphinx and pocketsphinx-en-us are installed where the tests run.
    expect(body.tools.pocketsphinx).toEqual({ version: expect.any(String) });
    expect(body.checklist.find((item: { key: string }) => item.key === 'pocketsphinx')).toMatchObject({
      label: 'PocketSphinx (offline speech-to-text)',
      ok: true,
    });
    expect(Object.keys(body.providers).sort()).toEqual(['llm', 'smtp', 'stripe', 'stt', 'twilio', 'webhook']);
    expect(body.providers.smtp).toMatchObject({ configured: true });
    expect(body.providers.stt).toEqual({
      configured: false,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
    });
    const stt = body.checklist.find((item: { key: string }) => item.key === 'stt');
    expect(stt).toEqual({
      key: 'stt',
      label: 'Speech-to-text',
      ok: false,
      detail: 'videos without captions cannot be transcribed: set STT_BASE_URL',
    });
    expect(body.checklist.find((item: { key: string }) => item.key === 'ytdlp').ok).toBe(true);
    // No S3_* settings: Studio files stay in DATA_DIR.
    expect(body.storage).toEqual({ kind: 'local', location: dataDir, reachable: true });
    expect(body.checklist.find((item: { key: string }) => item.key === 'storage')).toEqual({
      key: 'storage',
      label: 'Media storage',
      ok: true,
      detail: `this machine's disk (${dataDir}); set S3_BUCKET and the other S3_* settings to keep Studio media in an S3-compatible bucket`,
    });
  });

  it('starts with a bucket that does not answer, and says so; once it answers, the checklist follows', async () => {
    const s3 = await new FakeS3().start();
    await s3.stop();
    const withS3 = await startTestApp(s3.env);
    try {
      await withS3.systemReady;
      const login = await withS3.app!.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_ADMIN_PASSWORD },
      });
      const ask = async () =>
        (
          await withS3.app!.inject({
            method: 'GET',
            url: '/api/health',
            headers: { authorization: `Bearer ${login.json().token}` },
          })
        ).json();
      const down = await ask();
      expect(down).toMatchObject({ status: 'ok', storage: { kind: 's3', reachable: false } });
      expect(down.storage.problem).toContain(`bucket ${FAKE_S3.bucket} at ${s3.url} did not answer`);
      const item = down.checklist.find((i: { key: string }) => i.key === 'storage');
      expect(item.ok).toBe(false);
      expect(item.detail).toMatch(/cannot be stored or played until it answers/);
      await s3.start();
      const up = await ask();
      expect(up.storage).toMatchObject({
        kind: 's3',
        location: `bucket ${FAKE_S3.bucket} at ${s3.url}`,
        reachable: true,
      });
      // Every operation the Studio uses answered, and the probe left nothing behind.
      expect(up.storage.operations.length).toBe(10);
      expect(up.storage.operations.every((probe: { outcome: string }) => probe.outcome === 'ok')).toBe(true);
      expect([...s3.objects.keys()]).toEqual([]);
      expect(s3.uploads.size).toBe(0);
      expect(up.checklist.find((i: { key: string }) => i.key === 'storage')).toMatchObject({ ok: true });
      expect(s3.log.filter((line) => line === 'HeadBucket').length).toBeGreaterThan(0);
    } finally {
      await withS3.close();
      await s3.stop();
    }
  });

  it('probes the store at start and says which Studio paths a missing operation disables', async () => {
    const s3 = await new FakeS3().start();
    // As s3rver: no ListParts, no ListMultipartUploads.
    s3.notImplemented.add('ListParts');
    s3.notImplemented.add('ListMultipartUploads');
    const withS3 = await startTestApp(s3.env);
    try {
      await withS3.systemReady;
      const login = await withS3.app!.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_ADMIN_PASSWORD },
      });
      const health = (
        await withS3.app!.inject({
          method: 'GET',
          url: '/api/health',
          headers: { authorization: `Bearer ${login.json().token}` },
        })
      ).json();
      const missing = health.storage.operations.filter(
        (probe: { outcome: string }) => probe.outcome !== 'ok',
      );
      expect(missing.map((probe: { operation: string }) => probe.operation)).toEqual([
        'ListParts',
        'ListMultipartUploads',
      ]);
      expect(missing[0]).toMatchObject({
        outcome: 'refused',
        disables: expect.stringMatching(/resumable uploads/),
      });
      const item = health.checklist.find((i: { key: string }) => i.key === 'storage');
      expect(item.ok).toBe(false);
      expect(item.detail).toMatch(/ListParts refused \(without it: resumable uploads/);
      expect(item.detail).not.toMatch(/AccessKey|secret/i);
    } finally {
      await withS3.close();
      await s3.stop();
    }
  });

  it("records each provider's last success where it is called (SMTP here)", async () => {
    const signup = await echo.app!.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: {
        name: 'Provider Check',
        email: 'provider-check@example.com',
        struggle: 'Finding time to write',
        role: 'Creator',
      },
    });
    expect(signup.statusCode).toBeLessThan(300);
    await expect
      .poll(
        async () => (await health({ authorization: `Bearer ${token}` })).json().providers.smtp.lastSuccessAt,
      )
      .toEqual(expect.any(String));
  });

  it('the daily job switches to a newer release after its checks; a wrong digest keeps the current one', async () => {
    const update = createUpdateYtDlpHandler({ config: echo.ctx.config, log: createLogger('silent') });
    index.publish('2025.2.2', { digest: 'c'.repeat(64) });
    await update(null, {} as never);
    const refused = (await toolsStatus(echo.ctx.config, { fresh: true })).ytdlp;
    expect(refused.version).toBe('2025.1.1');
    expect(refused.problem).toMatch(/does not match the index's sha256 digest/);
    index.publish('2025.3.3');
    await update(null, {} as never);
    expect((await toolsStatus(echo.ctx.config, { fresh: true })).ytdlp).toEqual({
      version: '2025.3.3',
      source: 'managed',
    });
    // YTDLP_AUTO_UPDATE=false: the job does nothing.
    index.publish('2025.4.4');
    const off = createUpdateYtDlpHandler({
      config: { ...echo.ctx.config, ytDlp: { ...echo.ctx.config.ytDlp, autoUpdate: false } },
      log: createLogger('silent'),
    });
    await off(null, {} as never);
    expect((await toolsStatus(echo.ctx.config, { fresh: true })).ytdlp.version).toBe('2025.3.3');
  });
});

describe('GET /api/capabilities', () => {
  it('tells the forms up front that only captioned videos can be transcribed when no STT is configured', async () => {
    const res = await echo.app!.inject({ method: 'GET', url: '/api/capabilities' });
    // PocketSphinx is installed where the tests run: recordings get a rough offline transcript.
    expect(res.json()).toEqual({
      transcription: { captionsOnly: true },
      studio: { engine: 'pocketsphinx', diarize: false },
      drafts: { llm: false },
    });
    const withStt = await startTestApp({ STT_BASE_URL: 'http://127.0.0.1:9/v1' });
    try {
      const answer = await withStt.app!.inject({ method: 'GET', url: '/api/capabilities' });
      expect(answer.json()).toEqual({
        transcription: { captionsOnly: false },
        studio: { engine: 'server', diarize: false },
        drafts: { llm: false },
      });
    } finally {
      await withStt.close();
    }
  });
});
