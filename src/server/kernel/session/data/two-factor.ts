import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import { getAuth } from "../auth";
import { db } from "../../db/client";
import { twoFactors } from "../../db/schema";
import { siteConfig } from "../../site-config";

export interface PendingTotp {
  /** The secret as an authenticator app takes it when typed (base32). */
  secret: string;
  /** The otpauth:// address as a QR code, an SVG document made on the server. */
  qrSvg: string;
}

/**
 * A TOTP secret that was made but not yet confirmed with a code: what the set-up screen shows (the
 * QR code and the secret as text). Once confirmed, neither is shown again; the backup codes come
 * after the confirmation (`unsavedBackupCodes`), so that codes are never handed out for a set-up
 * that was then abandoned.
 * better-auth stores both encrypted with the auth secret; they are decrypted here only for this.
 */
export async function pendingTotp(userId: string, email: string): Promise<PendingTotp | null> {
  const [row] = await db()
    .select()
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)))
    .limit(1);
  if (!row) return null;
  const key = (await getAuth().$context).secretConfig;
  const raw = await symmetricDecrypt({ key, data: row.secret });
  const uri = createOTP(raw).url(siteConfig().name, email);
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, qrSvg };
}

/** How many unused backup codes a member has left (they are never shown again after set-up). */
export async function backupCodesLeft(userId: string): Promise<number> {
  const [row] = await db().select({ codes: twoFactors.backupCodes }).from(twoFactors).where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true))).limit(1);
  if (!row) return 0;
  const key = (await getAuth().$context).secretConfig;
  return (JSON.parse(await symmetricDecrypt({ key, data: row.codes })) as string[]).length;
}

/**
 * The ten backup codes of a confirmed second factor, until the member says they saved them (then
 * null for good): the one time they are shown, on the Security page and as its download.
 */
export async function unsavedBackupCodes(userId: string): Promise<string[] | null> {
  const [row] = await db()
    .select({ codes: twoFactors.backupCodes })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), isNull(twoFactors.backupCodesSavedAt)))
    .limit(1);
  if (!row) return null;
  const key = (await getAuth().$context).secretConfig;
  return JSON.parse(await symmetricDecrypt({ key, data: row.codes })) as string[];
}

/** "I have saved my backup codes": from now on they are never shown again. */
export async function markBackupCodesSaved(userId: string): Promise<boolean> {
  const rows = await db()
    .update(twoFactors)
    .set({ backupCodesSavedAt: new Date() })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), isNull(twoFactors.backupCodesSavedAt)))
    .returning({ id: twoFactors.id });
  return rows.length > 0;
}
