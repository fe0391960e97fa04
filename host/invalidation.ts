// The invalidation channel between server processes on one PostgreSQL (docs/decisions/0032).
// Every cache tag a process expires (host/cache-handler.ts) is sent with NOTIFY; every other
// process LISTENs on a connection of its own and expires the same tags in its Next cache and
// empties its page cache (ADR 0011). A process that is not listening cannot know what it missed:
// while the connection is down it says so (onState(false)) and keeps retrying; once it is back it
// says so again (onState(true)), and the server then treats everything as expired once.
import crypto from "node:crypto";
import pg from "pg";
import type { TagDurations } from "../src/server/kernel/bridge.ts";

export const CHANNEL = "kinetic_cache_invalidation";
/** The listening connection's application_name (with the port), so that it can be found in pg_stat_activity. */
export const APPLICATION_NAME = `kinetic-invalidation:${process.env.PORT ?? ""}`;
/** NOTIFY payloads are limited to 8,000 bytes: a longer message becomes "expire everything". */
const MAX_PAYLOAD = 7_000;

export interface InvalidationMessage {
  tags?: string[];
  durations?: TagDurations;
  all?: boolean;
}

export interface InvalidationChannel {
  publish(tags: string[], durations: TagDurations | undefined): void;
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface InvalidationOptions {
  connectionString: string;
  onRemote: (message: InvalidationMessage) => void;
  onState: (listening: boolean) => void;
  retryMs?: number;
  heartbeatMs?: number;
  applicationName?: string;
  log?: (level: "info" | "warn" | "error", msg: string, fields?: object) => void;
}

export function startInvalidationChannel({
  connectionString,
  onRemote,
  onState,
  retryMs = 500,
  heartbeatMs = 2_000,
  applicationName = APPLICATION_NAME,
  log = () => {},
}: InvalidationOptions): InvalidationChannel {
  const self = crypto.randomUUID();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  /** A publish that could not be sent: the others are told to expire everything once we are back. */
  let missed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  function setListening(value: boolean): void {
    if (listening === value) return;
    listening = value;
    onState(value);
  }

  function lost(c: pg.Client, error?: Error): void {
    if (c !== client) return;
    client = undefined;
    clearInterval(heartbeatTimer);
    c.removeAllListeners("notification");
    c.on("error", () => {});
    c.end().catch(() => {});
    if (listening) log("warn", "invalidation channel lost: page cache off until it is back", { error: error?.message });
    setListening(false);
    if (!stopped) retryTimer = setTimeout(connect, retryMs);
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString, application_name: applicationName, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = c;
    c.on("error", (error) => lost(c, error));
    c.on("end", () => lost(c));
    c.on("notification", (notification) => {
      let message: InvalidationMessage & { from?: string };
      try {
        message = JSON.parse(notification.payload ?? "") as InvalidationMessage & { from?: string };
      } catch {
        return;
      }
      if (message.from === self) return;
      onRemote(message);
    });
    try {
      await c.connect();
      await c.query("LISTEN kinetic_cache_invalidation"); // CHANNEL
    } catch (error) {
      lost(c, error as Error);
      return;
    }
    if (c !== client || stopped) return;
    // A connection can also die without a word (a dropped network): a query that fails says so.
    heartbeatTimer = setInterval(() => {
      c.query("SELECT 1").catch((error) => lost(c, error));
    }, heartbeatMs);
    heartbeatTimer.unref();
    setListening(true);
    if (missed) {
      missed = false;
      send({ all: true });
    }
  }

  function send(message: InvalidationMessage): void {
    const c = client;
    if (!c || !listening) {
      missed = true;
      return;
    }
    let payload = JSON.stringify({ from: self, ...message });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ from: self, all: true });
    c.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((error) => {
      missed = true;
      lost(c, error);
    });
  }

  void connect();

  return {
    /** Tells the other processes to expire these tags (Next's revalidateTag arguments). */
    publish(tags: string[], durations: TagDurations | undefined) {
      send({ tags, durations });
    },
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      clearInterval(heartbeatTimer);
      await c?.end().catch(() => {});
    },
  };
}
