import { codeIn } from './smtp-sink.ts';
import type { TestApp } from './test-app.ts';

/** Waits for the newest sign-in code (dashboard or Studio) e-mailed to that e-mail and returns its 6 digits. */
export async function waitForCode(echo: TestApp, email: string, count = 1): Promise<string> {
  await echo.smtp.waitFor(
    (mails) =>
      mails.filter((m) => m.to.includes(email) && /(dashboard|Studio) code/.test(m.subject)).length >= count,
  );
  const mails = echo.smtp.to(email).filter((m) => /(dashboard|Studio) code/.test(m.subject));
  return codeIn(mails[mails.length - 1]!);
}

/** Inserts a content result directly (for dashboards with known data). */
export async function insertResult(
  echo: TestApp,
  values: {
    email: string;
    status?: string;
    productType?: string;
    sourceUrl?: string;
    data?: Record<string, unknown>;
    createdAt?: string;
  },
): Promise<string> {
  const [row] = await echo.query<{ id: string }>(
    `insert into content_results (product_type, status, source_url, source_platform, user_email, result_data, created_at)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now())) returning id`,
    [
      values.productType ?? 'transcription',
      values.status ?? 'completed',
      values.sourceUrl ?? 'https://www.youtube.com/watch?v=test',
      'Youtube',
      values.email,
      JSON.stringify(values.data ?? {}),
      values.createdAt ?? null,
    ],
  );
  return row!.id;
}

/** A short mono 16-bit PCM WAV (a sine tone), made in memory: real audio for speech-to-text fakes. */
export function makeWav(seconds = 0.5, sampleRate = 8000, frequency = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
