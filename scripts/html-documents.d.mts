import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

export interface DocumentLayer {
  handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  invalidate(): void;
  /** Whether the request being handled entered before the latest invalidation (false outside a request). */
  enteredBeforeInvalidation(): boolean;
  /** Stops (false) or resumes (true) answering from and storing into the cache; either way it is emptied. */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  readonly stats: { hits: number; stored: number; invalidations: number };
  readonly size: { entries: number; bytes: number };
}
export function createDocumentLayer(options: {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Receives each warning's fields (msg among them); the process's logger by default. */
  warn?: (fields: { msg: string } & Record<string, unknown>) => void;
  /** The configured measurement tags (docs/decisions/0051); from the environment by default. */
  measurement?: import("../src/lib/measurement.mjs").MeasurementIds;
}): DocumentLayer;
export function mayBeDocument(req: { url?: string; headers: IncomingHttpHeaders }): boolean;
export function isCacheableRequest(req: { method?: string; url?: string; headers: IncomingHttpHeaders }): boolean;
export function storableSeconds(statusCode: number, headers: OutgoingHttpHeaders): number;
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean;
export function appendVary(current: unknown): string;
export function loadScriptsAfterPaint(html: string): string;
export function consentChoice(req: { headers: IncomingHttpHeaders }): "granted" | "denied" | null;
export function markConsentChoice(html: string, choice: string | null): string;
