import type http from 'node:http';
import { type LocalHttp, listenLocal } from './local-http.ts';

export interface TwilioRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export const FAKE_TWILIO = {
  accountSid: 'AC00000000000000000000000000000001',
  authToken: 'fake-twilio-auth-token',
  from: '+15005550006',
};

/**
 * A local HTTP server shaped like Twilio's Messages API (POST
 * /2010-04-01/Accounts/{sid}/Messages.json, form body, Basic auth). It checks the credentials as
 * Twilio does and keeps every accepted message for assertions.
 */
export class FakeTwilio {
  readonly requests: TwilioRequest[] = [];
  /** When set, answers every send with this HTTP status and a Twilio error body. */
  failWith: number | null = null;
  /** When true, every send is kept open and never answered (a provider that hangs). */
  hang = false;
  /** The recipient (To) of every authenticated send, answered or not, in order. */
  readonly attempts: string[] = [];
  private script: Array<number | 'hang'> = [];
  private server: LocalHttp | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = await listenLocal((req, res) => this.handle(req, res));
    this.port = this.server.port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Env vars that point Echo at this fake. */
  get env(): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      TWILIO_BASE_URL: this.url,
    };
  }

  /** The next sends answer with these steps (an HTTP status, or 'hang' for no answer), in order. */
  failNext(...steps: Array<number | 'hang'>): void {
    this.script.push(...steps);
  }

  /** Sends to `to` received so far, answered or not. */
  attemptsTo(to: string): number {
    return this.attempts.filter((a) => a === to).length;
  }

  /** Messages accepted (authenticated and well-formed). */
  get messages(): Record<string, string>[] {
    return this.requests.filter((r) => r.form.To).map((r) => r.form);
  }

  async waitFor(predicate: (messages: Record<string, string>[]) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.messages)) {
      if (Date.now() > deadline)
        throw new Error(
          `fake Twilio: condition not met in ${timeoutMs} ms (${this.messages.length} messages)`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.messages;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const expectedPath = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
      const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
      if (req.method !== 'POST' || req.url !== expectedPath)
        return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (req.headers.authorization !== expectedAuth)
        return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      const contentType = req.headers['content-type'];
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      this.attempts.push(form.To ?? '');
      const step = this.script.shift();
      if (step === 'hang' || (step === undefined && this.hang)) return;
      const failWith = typeof step === 'number' ? step : this.failWith;
      if (failWith) {
        this.requests.push({
          path: req.url,
          authorization: req.headers.authorization,
          contentType,
          form: {},
        });
        return reply(failWith, { code: 30001, message: 'Queue overflow', status: failWith });
      }
      this.requests.push({ path: req.url, authorization: req.headers.authorization, contentType, form });
      if (!form.To || !form.From || !form.Body)
        return reply(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      reply(201, {
        sid: `SM${String(this.requests.length).padStart(32, '0')}`,
        status: 'queued',
        to: form.To,
        from: form.From,
        body: form.Body,
      });
    });
  }
}
