import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeYtDlp, ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#tests/support/test-app.ts';
import { SAFETY_ARGS } from '../../providers/media/yt-dlp.ts';

const TIKTOK = 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234';
const SHORTS = 'https://www.youtube.com/shorts/abc123DEF45';

let echo: TestApp;
let ytdlp: Awaited<ReturnType<typeof createFakeYtDlp>>;
beforeAll(async () => {
  ytdlp = await createFakeYtDlp({
    [TIKTOK]: ytDlpFixture('tiktok-2025.json'),
    [SHORTS]: ytDlpFixture('youtube-shorts-2025.json'),
    'https://www.instagram.com/reel/Cprivate/': {
      __error: '[Instagram] Cprivate: This content is private. Use --cookies',
    },
  });
  echo = await startTestApp({ YTDLP_PATH: ytdlp.bin, TREND_RATE_LIMIT: '1000' });
});
afterAll(() => echo?.close());

type Res = Awaited<ReturnType<NonNullable<TestApp['app']>['inject']>>;
const cookieOf = (res: Res) => String(res.headers['set-cookie'] ?? '').split(';')[0]!;
const create = (source: unknown, headers: Record<string, string> = {}) =>
  echo.app!.inject({
    method: 'POST',
    url: '/api/trends',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ source }),
  });
const processTrend = (id: string, headers: Record<string, string> = {}) =>
  echo.app!.inject({
    method: 'POST',
    url: `/api/trends/${id}/process`,
    headers: { 'content-type': 'application/json', ...headers },
  });
const get = async (url: string, headers: Record<string, string> = {}) =>
  echo.app!.inject({ method: 'GET', url, headers });
async function waitForStatus(id: string, statuses: string[]) {
  for (let i = 0; i < 200; i++) {
    const list = (await get('/api/trends')).json() as Array<{ id: string; status: string }>;
    const trend = list.find((t) => t.id === id);
    if (trend && statuses.includes(trend.status)) return trend as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`trend ${id} never reached ${statuses.join('/')}`);
}
const ytdlpCalls = () => {
  try {
    return readFileSync(`${ytdlp.dir}/calls.log`, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as string[]);
  } catch {
    return [];
  }
};

describe('POST /api/trends', () => {
  it('creates a pending trend with the canonical URL and an httpOnly trend cookie', async () => {
    const res = await create(
      'https://tiktok.com/@brewedbyjules/video/7434512345678901234?is_from_webapp=1#top',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: TIKTOK,
      platform: 'tiktok',
      status: 'pending',
      skeleton: null,
      twist_ideas: [],
      trending_data: null,
      can_delete: true,
    });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^echo_trend_owner=[\w-]{20,}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const [row] = await echo.query<{ owner_hash: string }>('select owner_hash from trends where id = $1', [
      res.json().id,
    ]);
    expect(row!.owner_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.owner_hash).not.toContain(cookieOf(res).split('=')[1]);
  });

  it('returns the existing trend for the same video (200), whoever adds it', async () => {
    const first = await create('https://m.youtube.com/shorts/abc123DEF45?si=a');
    const again = await create('https://youtube.com/shorts/abc123DEF45?feature=share');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().can_delete).toBe(false);
    const rows = await echo.query('select id from trends where source = $1', [SHORTS]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ source: 'https://tiktok.com.evil.com/@u' }, 'URL must be from TikTok, Instagram, or YouTube'],
    [{ source: 'https://tiktok.com@127.0.0.1/' }, 'URL must be from TikTok, Instagram, or YouTube'],
    [{ source: 'not a url' }, 'Please enter a valid URL starting with https://'],
    [{ source: 42 }, 'Please enter a valid URL starting with https://'],
    [{}, 'Please enter a valid URL starting with https://'],
  ])('rejects %o with 400 and the spec message', async (body, message) => {
    const res = await echo.app!.inject({
      method: 'POST',
      url: '/api/trends',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('limits trend creation per client IP', async () => {
    const limited = await startTestApp({ YTDLP_PATH: ytdlp.bin, TREND_RATE_LIMIT: '2' });
    try {
      const send = (n: number) =>
        limited.app!.inject({
          method: 'POST',
          url: '/api/trends',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ source: `https://www.tiktok.com/@u/video/${n}` }),
        });
      expect((await send(1)).statusCode).toBe(201);
      expect((await send(2)).statusCode).toBe(201);
      const third = await send(3);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(await limited.query('select id from trends')).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/trends', () => {
  it('pages newest first with a total and a cursor; the unpaged form is an array', async () => {
    await echo.query('delete from trends');
    await echo.query('update trend_totals set count = 0');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await create(`https://www.tiktok.com/@page/video/${i}`)).json().id);
    const first = (await get('/api/trends?limit=12')).json();
    expect(first.total).toBe(30);
    expect(first.trends.map((t: { id: string }) => t.id)).toEqual(ids.slice(-12).reverse());
    const second = (await get(`/api/trends?limit=12&cursor=${first.next_cursor}`)).json();
    expect(second.trends.map((t: { id: string }) => t.id)).toEqual(ids.slice(6, 18).reverse());
    const third = (await get(`/api/trends?limit=12&cursor=${second.next_cursor}`)).json();
    expect(third.trends.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 6).reverse());
    expect(third.next_cursor).toBeNull();
    const all = (await get('/api/trends')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((t: { id: string }) => t.id)).toEqual([...ids].reverse());
  });

  it('rejects bad paging parameters', async () => {
    expect((await get('/api/trends?limit=0')).statusCode).toBe(400);
    expect((await get('/api/trends?limit=1000')).statusCode).toBe(400);
    expect((await get('/api/trends?limit=abc')).statusCode).toBe(400);
    const bad = await get('/api/trends?limit=12&cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'validation_failed', message: 'Invalid cursor' });
  });
});

describe('POST /api/trends/{id}/process and the analysis job', () => {
  it('analyses a TikTok from yt-dlp metadata with the template engine', async () => {
    const created = await create(TIKTOK);
    const { id } = created.json();
    await echo.query("update trends set status = 'pending' where id = $1", [id]);
    const res = await processTrend(id);
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('processing');
    const trend = await waitForStatus(id, ['processed', 'failed']);
    expect(trend).toMatchObject({
      status: 'processed',
      engine: 'template',
      format: 'POV',
      error: null,
      trending_data: {
        sound_name: 'original sound - brewedbyjules',
        author_username: 'brewedbyjules',
        author_verified: true,
      },
      metrics: { view_count: 2345678, like_count: 312456, share_count: 8123 },
    });
    expect(trend.skeleton).toMatch(/^Format: POV\n1\. Hook \(0:00-0:04\): /);
    expect((trend.twist_ideas as string[]).length).toBeGreaterThanOrEqual(5);
    const call = ytdlpCalls().find((args) => args.at(-1) === TIKTOK)!;
    expect(call).toEqual([
      ...SAFETY_ARGS,
      '--dump-single-json',
      '--no-download',
      '--no-warnings',
      '--',
      TIKTOK,
    ]);
  });

  it('is idempotent while a run is going: one job, one yt-dlp call', async () => {
    const { id } = (await create(SHORTS)).json();
    const before = ytdlpCalls().filter((a) => a.at(-1) === SHORTS).length;
    const answers = await Promise.all([processTrend(id), processTrend(id), processTrend(id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    const jobs = await echo.query(
      "select id from pgboss.job where name = 'trend.analyse' and data->>'trendId' = $1",
      [id],
    );
    expect(jobs).toHaveLength(1);
    await waitForStatus(id, ['processed']);
    expect(ytdlpCalls().filter((a) => a.at(-1) === SHORTS).length).toBe(before + 1);
  });

  it('More Ideas on a processed trend adds only new ideas (no second yt-dlp call)', async () => {
    const { id } = (await create(SHORTS)).json();
    const first = await waitForStatus(id, ['processed']);
    const calls = ytdlpCalls().length;
    const ideas = first.twist_ideas as string[];
    expect((await processTrend(id)).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 50));
    const after = await waitForStatus(id, ['processed']);
    const more = after.twist_ideas as string[];
    expect(more.slice(0, ideas.length)).toEqual(ideas);
    expect(more.length).toBe(ideas.length + 3);
    expect(new Set(more.map((i) => i.toLowerCase())).size).toBe(more.length);
    expect(ytdlpCalls().length).toBe(calls);
  });

  it('fails honestly with a reason when the video is private, and Retry runs again', async () => {
    const { id } = (await create('https://instagram.com/reel/Cprivate/?igsh=1')).json();
    await processTrend(id);
    const failed = await waitForStatus(id, ['failed']);
    expect(failed).toMatchObject({
      status: 'failed',
      skeleton: null,
      twist_ideas: [],
      trending_data: null,
      metrics: null,
      error: 'This video is private or needs a sign-in, so it cannot be analysed.',
    });
    await ytdlp.setResponses({
      [TIKTOK]: ytDlpFixture('tiktok-2025.json'),
      [SHORTS]: ytDlpFixture('youtube-shorts-2025.json'),
      'https://www.instagram.com/reel/Cprivate/': ytDlpFixture('instagram-reel-2024.json'),
    });
    expect((await processTrend(id)).json()).toMatchObject({ status: 'processing', error: null });
    const done = await waitForStatus(id, ['processed']);
    expect(done).toMatchObject({ format: 'Before / after', error: null });
  });

  it('fails with a clear reason when yt-dlp is missing', async () => {
    const missing = await startTestApp({ YTDLP_PATH: '/nonexistent/yt-dlp' });
    try {
      const res = await missing.app!.inject({
        method: 'POST',
        url: '/api/trends',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ source: TIKTOK }),
      });
      const { id } = res.json();
      await missing.app!.inject({
        method: 'POST',
        url: `/api/trends/${id}/process`,
        headers: { 'content-type': 'application/json' },
      });
      for (let i = 0; i < 200; i++) {
        const [row] = await missing.query<{ status: string; error: string | null }>(
          'select status, error from trends where id = $1',
          [id],
        );
        if (row!.status === 'failed') {
          expect(row!.error).toBe(
            'Video metadata could not be read: this server cannot fetch videos right now.',
          );
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('never failed');
    } finally {
      await missing.close();
    }
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '%00']) {
      const res = await processTrend(encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Trend not found' });
      const del = await echo.app!.inject({ method: 'DELETE', url: `/api/trends/${encodeURIComponent(id)}` });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ code: 'not_found', message: 'Trend not found' });
    }
  });

  it('accepts a JSON body of {} and rejects malformed JSON', async () => {
    const { id } = (await create('https://www.tiktok.com/@u/video/body')).json();
    const ok = await echo.app!.inject({
      method: 'POST',
      url: `/api/trends/${id}/process`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(ok.statusCode).toBe(202);
    const bad = await echo.app!.inject({
      method: 'POST',
      url: `/api/trends/${id}/process`,
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'malformed_request', message: 'Malformed JSON in request body' });
  });
});

describe('DELETE /api/trends/{id}', () => {
  it('lets only the browser that added the trend (or an admin) delete it', async () => {
    const created = await create('https://www.tiktok.com/@owner/video/1');
    const adder = cookieOf(created);
    const { id } = created.json();
    const stranger = await create('https://www.tiktok.com/@other/video/2');
    const strangerCookie = cookieOf(stranger);

    // The browser that added it sees the delete action; others do not.
    const asAdder = (await get('/api/trends?limit=50', { cookie: adder })).json();
    expect(asAdder.trends.find((t: { id: string }) => t.id === id).can_delete).toBe(true);
    const asStranger = (await get('/api/trends?limit=50', { cookie: strangerCookie })).json();
    expect(asStranger.trends.find((t: { id: string }) => t.id === id).can_delete).toBe(false);

    const forbidden = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${id}`,
      headers: { cookie: strangerCookie },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the person who added this trend can delete it');
    const anonymous = await echo.app!.inject({ method: 'DELETE', url: `/api/trends/${id}` });
    expect(anonymous.statusCode).toBe(403);
    const forged = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${id}`,
      headers: { cookie: 'echo_trend_owner=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(forged.statusCode).toBe(403);

    const totalBefore = (await get('/api/trends?limit=1')).json().total;
    const ok = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${id}`,
      headers: { cookie: adder },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect((await get('/api/trends?limit=1')).json().total).toBe(totalBefore - 1);
    const again = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${id}`,
      headers: { cookie: adder },
    });
    expect(again.statusCode).toBe(404);

    const login = await echo.app!.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    const admin = { authorization: `Bearer ${login.json().token}` };
    const strangerId = stranger.json().id;
    const listed = (await get('/api/trends?limit=50', admin)).json();
    expect(listed.trends.find((t: { id: string }) => t.id === strangerId).can_delete).toBe(true);
    const byAdmin = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${strangerId}`,
      headers: admin,
    });
    expect(byAdmin.statusCode).toBe(200);
    const fakeAdmin = await echo.app!.inject({
      method: 'DELETE',
      url: `/api/trends/${(await create('https://www.tiktok.com/@x/video/3')).json().id}`,
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(fakeAdmin.statusCode).toBe(403);
  });
});

describe('limits on re-analysis', () => {
  it('stops More Ideas at the idea cap with a reason, keeping the analysis', async () => {
    const { id } = (await create(SHORTS)).json();
    await waitForStatus(id, ['processed']);
    const many = Array.from({ length: 60 }, (_, i) => `Idea ${i}`);
    await echo.query('update trends set twist_ideas = $2::jsonb where id = $1', [id, JSON.stringify(many)]);
    await processTrend(id);
    await new Promise((r) => setTimeout(r, 50));
    const trend = await waitForStatus(id, ['processed']);
    expect(trend.twist_ideas).toEqual(many);
    expect(trend.error).toBe('This trend already has 60 ideas.');
    expect(trend.skeleton).toMatch(/^Format: /);
  });

  it('rate-limits process calls per client', async () => {
    const limited = await startTestApp({ YTDLP_PATH: ytdlp.bin, TREND_RATE_LIMIT: '1' });
    try {
      const created = await limited.app!.inject({
        method: 'POST',
        url: '/api/trends',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ source: TIKTOK }),
      });
      const send = () =>
        limited.app!.inject({
          method: 'POST',
          url: `/api/trends/${created.json().id}/process`,
          headers: { 'content-type': 'application/json' },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await send()).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});
