import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ROLE_LABELS } from "@/lib/admin-tables/definition";
import { ROLES, type Role } from "@/lib/limits";
import { TeamRuleError, setRoleByEmail } from "../kernel/session/data/profiles";
import { errorFields, log } from "../kernel/log";

/**
 * `npm run admin` while the server holds the embedded database (docs/decisions/0034): the embedded
 * database takes one process only (ADR 0002), so the command writes its request as a file beside
 * the database's folder and the server applies it and writes the answer. Whoever can write there
 * can already read and write the database's own files: the folder grants nothing new.
 */
export interface RoleRequest {
  email: string;
  role: Role;
}

const RequestSchema = z.object({ email: z.string().trim().min(3).max(254), role: z.enum(ROLES) });

export function requestsDir(dataDir: string): string {
  return `${dataDir}.requests`;
}

/** Applies one request on the database this process holds; the answer is for the terminal. */
export async function runRoleRequest(request: RoleRequest): Promise<{ ok: boolean; message: string }> {
  try {
    const result = await setRoleByEmail(request.email, request.role);
    if (!result)
      return {
        ok: false,
        message: `No account uses ${request.email}. Create the account on /auth first (or invite it from the Team tab), then run this again.`,
      };
    const what = request.role === "user" ? "no longer has a team role" : `is now ${ROLE_LABELS[request.role].toLowerCase()}`;
    const note =
      request.role !== "user" && !result.emailVerified ? " The address is not verified yet: the dashboard opens once the e-mail link has been followed." : "";
    return { ok: true, message: `${request.email} ${what}.${note}` };
  } catch (error) {
    if (error instanceof TeamRuleError) return { ok: false, message: error.message };
    throw error;
  }
}

function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** The command's side: hands the request to the running server and waits for its answer. */
export async function sendRoleRequest(dataDir: string, request: RoleRequest, timeoutMs = 15_000): Promise<{ ok: boolean; message: string }> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = crypto.randomUUID();
  const requestFile = path.join(dir, `${id}.request.json`);
  const answerFile = path.join(dir, `${id}.answer.json`);
  writeAtomically(requestFile, JSON.stringify(request));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const answer = JSON.parse(fs.readFileSync(answerFile, "utf8")) as { ok: boolean; message: string };
      fs.rmSync(answerFile, { force: true });
      return answer;
    } catch {
      // not answered yet
    }
  }
  fs.rmSync(requestFile, { force: true });
  return { ok: false, message: `The running server did not answer within ${timeoutMs / 1000} s. Stop it and run this again, or use the Team tab.` };
}

/** The server's side: applies the requests that arrive, one at a time; returns a function that stops. */
export function watchRoleRequests(dataDir: string, intervalMs = 500): () => void {
  const dir = requestsDir(dataDir);
  let busy = false;
  const scan = async () => {
    if (busy) return;
    busy = true;
    try {
      let names: string[] = [];
      try {
        names = fs.readdirSync(dir).filter((n) => n.endsWith(".request.json"));
      } catch {
        return; // no request yet
      }
      for (const name of names) {
        const file = path.join(dir, name);
        const taken = `${file}.taken`;
        try {
          fs.renameSync(file, taken); // one server claims it
        } catch {
          continue;
        }
        const answerFile = path.join(dir, name.replace(/\.request\.json$/, ".answer.json"));
        let answer: { ok: boolean; message: string };
        try {
          const parsed = RequestSchema.safeParse(JSON.parse(fs.readFileSync(taken, "utf8")));
          answer = parsed.success ? await runRoleRequest(parsed.data) : { ok: false, message: "The request could not be read." };
          log("info", "admin command applied", { event: "auth.role.cli-request", ok: answer.ok });
        } catch (error) {
          log("error", "admin command failed", errorFields(error));
          answer = { ok: false, message: "The server could not apply the change; its log has the details." };
        }
        fs.rmSync(taken, { force: true });
        writeAtomically(answerFile, JSON.stringify(answer));
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void scan(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
