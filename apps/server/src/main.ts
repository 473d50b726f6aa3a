import { buildApp } from './app';
import { closeContext, createContext } from './context';
import { ConfigError, loadConfig } from './platform/config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  // Jobs first: seeding emits events (demo products are submitted and reviewed) into pg-boss's tables.
  await ctx.jobs.start();
  await app.seed();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`ExShip is running at ${config.appUrl} (database: ${ctx.database.kind}, mail: ${config.smtpUrl ? 'SMTP' : 'outbox table'})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // No new jobs are taken while requests drain; a running job finishes (closeContext waits for it).
    await ctx.jobs.stopWorkers();
    // close() ends the keep-alive connections idle at that moment; one busy with a request is ended
    // as soon as its answer is sent, instead of holding the process until the forced exit.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idle);
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // A configuration problem found while starting (e.g. seeding in production) is said plainly.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
