import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { startRuntime } from './runtime.ts';

// Wires configuration to the runtime and handles signals; everything else lives in runtime.ts.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const log = createLogger(config.logLevel);
try {
  const runtime = await startRuntime(config, log);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, 'Echo failed to start');
  process.exit(1);
}
