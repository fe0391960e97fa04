import type { TagDurations } from "../src/server/bridge.mjs";

export const CHANNEL: string;
export const APPLICATION_NAME: string;

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

export function startInvalidationChannel(options: {
  connectionString: string;
  onRemote: (message: InvalidationMessage) => void;
  onState: (listening: boolean) => void;
  retryMs?: number;
  heartbeatMs?: number;
  applicationName?: string;
  log?: (level: string, msg: string, fields?: object) => void;
}): InvalidationChannel;
