import { z } from "zod";
import "./jitless";
import { PASSWORD_MAX } from "./auth";

const password = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);
const totpCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));
/** Backup codes are ten letters and digits, shown as two groups of five. */
const backupCode = z
  .string({ error: "Enter one of your backup codes." })
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "A backup code is ten letters and digits, like abcde-12345."))
  .transform((s) => (s.includes("-") ? s : `${s.slice(0, 5)}-${s.slice(5)}`));

export const PasswordConfirmSchema = z.object({ password });
export const TotpCodeSchema = z.object({ code: totpCode });
export const SecondFactorSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({ method: z.literal("backup"), code: backupCode }),
]);
/** "I have saved my backup codes": a button, no field. */
export const CodesSavedSchema = z.object({});
export const TeamSecuritySchema = z.object({ requireTwoFactor: z.enum(["on", "off"]) });
