/**
 * Baseline for bench/studio-upload.ts: a bare `node:http` server that streams a PUT body to a file
 * under DATA_DIR (what an upload costs without tus, Fastify, sessions or checks).
 * Environment: PORT, HOST, DATA_DIR.
 */
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const port = Number(process.env.PORT ?? 5002);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? '.';
let next = 0;

const server = http.createServer(async (req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (req.method !== 'PUT') {
    res.writeHead(404).end();
    return;
  }
  try {
    await pipeline(req, createWriteStream(path.join(dataDir, `raw-upload-${next++}`)));
    res.writeHead(204).end();
  } catch {
    res.writeHead(500).end();
  }
});
server.listen(port, host);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
