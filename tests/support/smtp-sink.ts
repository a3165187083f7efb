import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The message with quoted-printable and base64 parts decoded (good enough for assertions). */
  text: string;
  /** When the sink accepted it (Date.now()), for latency measurements. */
  receivedAt: number;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const source = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeMime(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...bodyParts] = part.split(/\r?\n\r?\n/);
      const body = bodyParts.join('\n\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return body;
    })
    .join('\n');
}

function decodeHeaderWord(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

/** A minimal SMTP server on loopback that keeps every message it receives (the test fake for SMTP). */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly sockets = new Set<net.Socket>();
  private server = net.createServer((socket) => {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    this.handle(socket);
  });
  /** When set, every DATA command is answered with this error (simulates a failing provider). */
  failWith: string | null = null;
  /** When true, the end of every message's DATA is never answered (a server that hangs). */
  hang = false;
  /** The recipients of every message that reached the end of DATA, answered or not, in order. */
  readonly attempts: string[][] = [];
  private script: Array<string | 'hang'> = [];
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /**
   * The next messages are answered with these steps at the end of DATA, in order: an SMTP reply
   * line (e.g. '451 4.3.0 try again later'), or 'hang' for no answer.
   */
  failNext(...steps: Array<string | 'hang'>): void {
    this.script.push(...steps);
  }

  /** Messages to `address` that reached the end of DATA, answered or not. */
  attemptsTo(address: string): number {
    return this.attempts.filter((to) => to.includes(address)).length;
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  /** Waits until `predicate` holds for the received messages. */
  async waitFor(
    predicate: (messages: ReceivedMail[]) => boolean,
    timeoutMs = 15_000,
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.messages)) {
      if (Date.now() > deadline)
        throw new Error(`SMTP sink: condition not met in ${timeoutMs} ms (${this.messages.length} messages)`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.messages;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(socket: net.Socket) {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.local ESMTP test sink');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.attempts.push(to);
          const step = this.script.shift();
          const failWith = step ?? this.failWith;
          if (step === 'hang' || (step === undefined && this.hang)) {
            // No answer: the client times out and drops the connection.
          } else if (failWith) {
            reply(failWith);
          } else {
            const subjectLine = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
            const subject = decodeHeaderWord(subjectLine.replace(/\r?\n[ \t]/g, ' '));
            this.messages.push({ from, to, raw, subject, text: decodeMime(raw), receivedAt: Date.now() });
            reply('250 OK queued');
          }
          from = '';
          to = [];
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 sink.local');
        else if (command === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (command === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else if (command === 'RSET' || command === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  }
}

/**
 * The 6-digit verification code in a code e-mail's text (codes are never in subjects): the line
 * that holds only the code, or 'code is NNNNNN'.
 */
export function codeIn(mail: Pick<ReceivedMail, 'text'>): string {
  const code = /^\s{2,}(\d{6})\s*$/m.exec(mail.text)?.[1] ?? /code is (\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('no verification code in the e-mail');
  return code;
}
