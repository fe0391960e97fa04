import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { env } from "../kernel/env";

// A proposal's link holds 32 random bytes (base64url, 43 characters); the row keeps only their
// SHA-256, so a copy of the database opens no proposal. A random token needs no slow hash: it cannot
// be guessed from its hash the way a password can.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newProposalToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashProposalToken(token) };
}

export function hashProposalToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string has a token's shape (43 base64url characters); anything else names no proposal. */
export function isProposalToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN.test(token);
}

/** The client's page of the proposal. */
export function proposalUrl(token: string): string {
  return `${env().SITE_URL.replace(/\/$/, "")}/proposal/${token}`;
}
