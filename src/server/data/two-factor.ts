import "server-only";
import { and, eq } from "drizzle-orm";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import { getAuth } from "../auth/auth";
import { db } from "../db/client";
import { twoFactors } from "../db/schema";
import { siteConfig } from "../site-config";

export interface PendingTotp {
  /** The secret as an authenticator app takes it when typed (base32). */
  secret: string;
  /** The otpauth:// address as a QR code, an SVG document made on the server. */
  qrSvg: string;
  backupCodes: string[];
}

/**
 * A TOTP secret that was made but not yet confirmed with a code: what the set-up screen shows (the
 * QR code, the secret as text, the ten backup codes). Once confirmed, none of it is shown again.
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
  const backupCodes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })) as string[];
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, qrSvg, backupCodes };
}

/** How many unused backup codes a member has left (they are never shown again after set-up). */
export async function backupCodesLeft(userId: string): Promise<number> {
  const [row] = await db().select({ codes: twoFactors.backupCodes }).from(twoFactors).where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true))).limit(1);
  if (!row) return 0;
  const key = (await getAuth().$context).secretConfig;
  return (JSON.parse(await symmetricDecrypt({ key, data: row.codes })) as string[]).length;
}
