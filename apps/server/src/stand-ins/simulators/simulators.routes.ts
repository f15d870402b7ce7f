import type { FastifyInstance } from 'fastify';
import { asanaSandbox } from './asana/asana.routes';
import { clickupSandbox } from './clickup/clickup.routes';
import { mondaySandbox } from './monday/monday.routes';

/**
 * The local simulators of the task tools, each only while the adapters chose it for its tool (no OAuth app
 * configured) and never in production: they hand out tokens to anyone who asks.
 */
export async function registerSimulators(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.NODE_ENV === 'production') return;
  const latencyMs = config.SANDBOX_LATENCY_MS;
  if (latencyMs > 0) {
    // The real tools answer in tens to hundreds of milliseconds; a simulator can be made to take as long.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/sandbox/')) return;
      // Said when the wait starts, so a test knows the request is being handled (in flight) from here on.
      request.log.debug({ url: request.url, latencyMs }, 'simulator answering after its latency');
      await new Promise((resolve) => setTimeout(resolve, latencyMs));
    });
  }
  const tools = app.adapters.choices.taskTools;
  if (tools.asana === 'simulator') await app.register(asanaSandbox, { prefix: '/sandbox/asana' });
  if (tools.clickup === 'simulator') await app.register(clickupSandbox, { prefix: '/sandbox/clickup' });
  if (tools.monday === 'simulator') await app.register(mondaySandbox, { prefix: '/sandbox/monday' });
}
