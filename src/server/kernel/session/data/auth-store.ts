import "server-only";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { db } from "../../db/client";
import { accounts, passkeys, sessions, twoFactors, users, verifications } from "../../db/schema";

/** Where better-auth keeps accounts, sessions, second factors and passkeys: its drizzle adapter on the app's database. */
export function authDatabaseAdapter() {
  return drizzleAdapter(db(), {
    provider: "pg",
    schema: { users, sessions, accounts, verifications, twoFactors, passkeys },
  });
}
