// The process's JSON logger (docs/decisions/0025): pino, one object per line, used by the app
// (src/server/kernel/log.ts) and by the Node server around Next (host/request-context.ts writes the
// access lines). Only erasable types, so that the host loads it as it is; Next keeps pino external.
import pino, { type DestinationStream } from "pino";
import { currentRequestId } from "./bridge.ts";

const CENSOR = "[redacted]";

/** Top-level field names whose values never reach a log line, whatever a caller passes by mistake. */
const SECRET_FIELD = /passw|token|cookie|secret|authorization/i;

/**
 * Fields that would carry a person's name, address or phone (a mail's subject and recipients, a
 * form's fields): redacted wherever a caller passes them, since log lines outlive an erasure
 * (docs/decisions/0078). An address is logged only masked with its hash (emailFields in log.ts).
 */
const PERSONAL_FIELD = /^(subject|to|cc|bcc|recipients|replyTo|reply_to|phone|mobile|mobileNumber|mobile_number|fullName)$/i;
/** An address in the clear, one letter before the @ included (emailFields masks it as "a***@domain", with a star). */
const CLEAR_ADDRESS = /(?:^|\s)[^\s@*]+@[^\s@]+\.[^\s@]+/;

/** The same secrets one level down (a headers object, a user, a body): pino's redaction paths. */
const SECRET_PATHS = ["password", "newPassword", "currentPassword", "token", "cookie", "authorization", "secret"]
  .flatMap((name) => [`*.${name}`, `*.headers.${name}`])
  .concat(['*["set-cookie"]', '*.headers["set-cookie"]']);

/**
 * Synchronous writers on stdout and stderr, as console.log wrote before: a line is out before
 * process.exit(), and stdout and stderr lines keep their order when both go to one pipe. Pino's
 * destinations stop writing on a closed pipe (EPIPE) instead of crashing the process.
 */
export const logStreams: { stdout: DestinationStream; stderr: DestinationStream } = {
  stdout: pino.destination({ dest: 1, sync: true }),
  stderr: pino.destination({ dest: 2, sync: true }),
};

export const logger = pino(
  {
    level: "debug",
    // `time` as an ISO date, `level` as its name, no pid or hostname: the lines docs/security.md documents.
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log(fields) {
        let redacted;
        for (const key of Object.keys(fields)) {
          const value = fields[key];
          if (value === undefined || value === null) continue;
          if (SECRET_FIELD.test(key)) (redacted ??= { ...fields })[key] = CENSOR;
          // A count of recipients says nothing about anyone.
          else if (PERSONAL_FIELD.test(key) && typeof value !== "number") (redacted ??= { ...fields })[key] = CENSOR;
          else if (key === "email" && typeof value === "string" && CLEAR_ADDRESS.test(value)) (redacted ??= { ...fields })[key] = CENSOR;
        }
        return redacted ?? fields;
      },
    },
    // A line written while a request is handled carries its id (host/request-context.ts).
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: SECRET_PATHS, censor: CENSOR },
  },
  // Warnings and errors on stderr, the rest on stdout.
  pino.multistream(
    [
      { level: "debug", stream: logStreams.stdout },
      { level: "warn", stream: logStreams.stderr },
    ],
    { dedupe: true },
  ),
);

/**
 * Drizzle's failed-query message ends with the query's parameters: the values typed into a form,
 * e-mail addresses, tokens being stored. The SQL stays in the log, the values do not.
 */
function withoutParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, "\nparams: [not logged]");
}

/** An error as log fields: its message, name and cause, never a stack or a failed query's values (the host's lines and the app's). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    // Drizzle wraps the driver's error: its message is the SQL, the cause says why (ECONNREFUSED...).
    const cause = error.cause instanceof Error ? { cause: withoutParams(error.cause.message) } : {};
    return { error: withoutParams(error.message), errorName: error.name, ...cause };
  }
  return { error: withoutParams(String(error)) };
}
