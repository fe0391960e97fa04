// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: change an account's role.
// On the embedded database, stop the server first (it holds the database; see ADR 0002).
import { openConfiguredDatabase, setDatabase } from "../src/server/db/client";
import { DatabaseLockedError } from "../src/server/db/lock.mjs";
import { setRoleByEmail } from "../src/server/data/profiles";

async function main([command, email]: string[]) {
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error("usage: npm run admin -- grant <email> | revoke <email>");
    process.exit(2);
  }
  const handle = openConfiguredDatabase();
  setDatabase(handle);
  try {
    await handle.migrate();
    const result = await setRoleByEmail(email, command === "grant" ? "admin" : "user");
    if (!result) {
      console.error(`No account uses ${email}. Create the account on /auth first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${email} is now ${command === "grant" ? "an admin" : "a regular user"}.`);
    if (command === "grant" && !result.emailVerified) {
      console.log("Note: the address is not verified yet; the dashboard opens once the e-mail link has been followed.");
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
