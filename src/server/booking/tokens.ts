import "server-only";
import crypto from "node:crypto";
import { authSecret } from "../kernel/session/secret";
import { env } from "../kernel/env";

// The links in a call's mails (docs/decisions/0065) need no account and no stored token: each names
// the booking and its `token_version` and carries an HMAC-SHA256 of both under a key of its own,
// derived from the auth secret with HKDF (as the newsletter's, under another name, so a newsletter
// token is never a booking token). Raising the row's version voids every link sent before.

function key(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret(), "booking-links", "kinetic-growth booking manage v1", 32));
}

function mac(payload: string): string {
  return crypto.createHmac("sha256", key()).update(`manage\n${payload}`).digest("base64url").slice(0, 32);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `bookingId.version.signature`. */
export function bookingToken(booking: { id: string; tokenVersion: number }): string {
  const payload = `${booking.id}.${booking.tokenVersion}`;
  return `${payload}.${mac(payload)}`;
}

/** The booking id and version a token names when its signature holds, else null (altered, forged, malformed). */
export function readBookingToken(token: unknown): { id: string; version: number } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [id, version, signature] = parts as [string, string, string];
  if (!UUID.test(id) || !/^[1-9]\d{0,8}$/.test(version)) return null;
  const expected = Buffer.from(mac(`${id}.${version}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { id, version: Number(version) };
}

/** The visitor's page for the call: see it, move it, cancel it. */
export function manageUrl(booking: { id: string; tokenVersion: number }): string {
  return `${env().SITE_URL.replace(/\/$/, "")}/book/manage/${bookingToken(booking)}`;
}
