import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

/** Names of what instances tell each other has changed. */
type ChangeChannel = 'catalogue_changed';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

/**
 * Tells every instance that shared data changed, so each drops what it cached of it at once. On
 * PostgreSQL that is NOTIFY, heard through one LISTEN connection per instance (reconnected when it
 * drops); the embedded database serves one process, where telling the local subscribers is enough.
 */
interface ChangeFeed {
  publish(channel: ChangeChannel): Promise<void>;
  subscribe(channel: ChangeChannel, onChange: () => void): void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

function changeFeed(db: Database, databaseUrl: string | undefined, log: FastifyBaseLogger): ChangeFeed {
  const subscribers = new Map<ChangeChannel, (() => void)[]>();
  const tell = (channel: string) => {
    for (const onChange of subscribers.get(channel as ChangeChannel) ?? []) onChange();
  };
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    if (!databaseUrl || closed || subscribers.size === 0) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => tell(message.channel));
    const reconnect = (error?: Error) => {
      if (error) log.warn({ err: error }, 'change feed connection lost');
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      // What changed while nobody listened may be cached: drop it, then listen again.
      for (const channel of subscribers.keys()) tell(channel);
      if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    listener = client;
    try {
      await client.connect();
      for (const channel of subscribers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      reconnect(error as Error);
    }
  };

  return {
    async publish(channel) {
      tell(channel);
      if (databaseUrl) await db.execute(sql`select pg_notify(${channel}, '')`);
    },
    subscribe(channel, onChange) {
      const known = subscribers.has(channel);
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), onChange]);
      if (known) return;
      if (listener) void listener.query(`LISTEN ${channel}`).catch(() => undefined);
      else void listen();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

export function registerChangeFeed(app: FastifyInstance): void {
  const feed = changeFeed(app.db, app.config.DATABASE_URL, app.log);
  app.decorate('changes', feed);
  app.addHook('onClose', () => feed.close());
}
