import type { AsyncLocalStorage } from "node:async_hooks";
import type { StartedPglite } from "./db/pglite-start.mjs";
import type { DatabaseHandle } from "./db/client";
import type { MailWorkerState } from "./mail";

export interface RequestContext {
  requestId: string;
}
export const requestContext: AsyncLocalStorage<RequestContext>;
export function currentRequestId(): string | undefined;

export function setPageCacheInvalidator(invalidate: (() => void) | undefined): void;
export function invalidatePageCache(): void;
export function setInvalidationClock(enteredBeforeInvalidation: () => boolean): void;
export function enteredBeforeInvalidation(): boolean;

export function setAppShutdown(shutdown: () => Promise<void>): void;
export function shutdownApp(): Promise<void>;

export function setPglitePrestart(started: StartedPglite): void;
export function takePglitePrestart(dataDir: string): StartedPglite | undefined;

export function getDatabaseHandle(): DatabaseHandle | undefined;
export function setDatabaseHandle(handle: DatabaseHandle | undefined): void;

export function getMailWorker(): MailWorkerState | undefined;
export function setMailWorker(state: MailWorkerState | undefined): void;

/** Typed where it is created (src/server/auth.ts): this module cannot import the app's types of it. */
export function getAuthInstance(): unknown;
export function setAuthInstance(auth: unknown): void;

export function getJobTimers(): Map<string, NodeJS.Timeout> | undefined;
export function setJobTimers(timers: Map<string, NodeJS.Timeout> | undefined): void;

/** How long an expired tag stays usable, as Next passes it to its cache handler's revalidateTag. */
export interface TagDurations {
  expire?: number;
}
export function setTagPublisher(publish: ((tags: string[], durations: TagDurations | undefined) => void) | undefined): void;
export function publishTags(tags: string[], durations: TagDurations | undefined): void;
export function setSelfAddress(address: string): void;
export function getSelfAddress(): string | undefined;
export function internalToken(): string;
