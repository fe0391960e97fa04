import type { IncomingMessage } from "node:http";

export interface Refusal {
  status: number;
  message: string;
}
export interface BodyLimit {
  prefix: string;
  bytes: number;
  lengthRequired?: boolean;
}
export const ACTION_BODY_LIMIT_BYTES: number;
export const BODY_LIMITS: BodyLimit[];
export const MAX_ACTION_FIELDS: number;
export const MAX_ACTION_JSON_DEPTH: number;
export function normalTarget(url: string | undefined): string;
export function bodyLimitFor(url: string | undefined): BodyLimit | undefined;
export function hasBody(req: IncomingMessage): boolean;
export function isActionPost(req: IncomingMessage): boolean;
export function refusalBeforeBody(req: IncomingMessage, options?: { trustProxy?: boolean }): Refusal | null;
export function holdBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ status: "complete"; body: Buffer; replay(): void } | { status: "too-large" } | { status: "aborted" }>;
export function jsonDepthExceeds(text: string, max: number): boolean;
export function refusalOfActionBody(req: IncomingMessage, body: Buffer): Promise<Refusal | null>;
export function guardRequest(
  req: IncomingMessage,
  options: { trustProxy?: boolean; serve: () => unknown; refuse: (refusal: Refusal) => unknown },
): Promise<unknown>;
