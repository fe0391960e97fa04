// `npm run admin -- grant <email> [role]` / `npm run admin -- revoke <email>`: change an account's
// role (owner when none is named). On the embedded database while the server runs, the request is
// handed to the server through its data folder (src/server/team/admin-requests.ts); otherwise the
// database is opened here.
import { STAFF_ROLES } from "../src/lib/admin-tables/definition";
import type { Role } from "../src/lib/limits";
import { openConfiguredDatabase, setDatabase } from "../src/server/kernel/db/client";
import { DatabaseLockedError } from "../src/server/kernel/db/lock.ts";
import { runRoleRequest, sendRoleRequest, type RoleRequest } from "../src/server/team/admin-requests";

const USAGE = `usage: npm run admin -- grant <email> [${STAFF_ROLES.join("|")}] | revoke <email>`;

function parse([command, email, role]: string[]): RoleRequest | null {
  if (!email || (command !== "grant" && command !== "revoke")) return null;
  if (command === "revoke") return role ? null : { email, role: "user" };
  const chosen = (role ?? "owner") as Role;
  return (STAFF_ROLES as readonly string[]).includes(chosen) ? { email, role: chosen } : null;
}

async function main(args: string[]) {
  const request = parse(args);
  if (!request) {
    console.error(USAGE);
    process.exit(2);
  }
  let answer: { ok: boolean; message: string };
  try {
    const handle = openConfiguredDatabase();
    setDatabase(handle);
    try {
      await handle.migrate();
      answer = await runRoleRequest(request);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    // The running server holds the embedded database: it applies the request for us.
    answer = await sendRoleRequest(error.dataDir, request);
  }
  (answer.ok ? console.log : console.error)(answer.message);
  if (!answer.ok) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
