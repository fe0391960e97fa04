import "server-only";
import { headers as requestHeaders } from "next/headers";
import type { z } from "zod";
import type { StaffRole } from "@/lib/admin-tables/definition";
import type { FieldErrors, FormState } from "@/lib/form-state";
import { LIMITS } from "@/lib/limits";
import { fieldErrors } from "@/lib/schemas/lead-forms";
import { unstorableFields } from "@/lib/text-safety";
import { recordActivity, withActivityScope } from "../activity/activity";
import { AccessDeniedError, requireRole, type SignedInUser } from "../session/auth-guard";
import { errorFields, log } from "../log";
import { ipFromHeaders, isSameOriginHeaders } from "../request-info";

/**
 * A refusal the visitor can act on, beside a field: thrown by the code that stores (a taken slug,
 * content that sanitises to nothing) and turned into an "invalid" answer by `handleForm`. Its words
 * are written for people; anything else thrown is logged and answered with a fixed text.
 */
export class FieldError extends Error {
  constructor(
    readonly fields: FieldErrors,
    readonly title = "Please check the form",
    message = Object.values(fields)[0] ?? "Some fields need your attention.",
  ) {
    super(message);
    this.name = "FieldError";
  }
}

export interface FormContext {
  headers: Headers;
  ip: string;
  /** The signed-in user when the action asks for roles. */
  user: SignedInUser | null;
  /** What was typed, as text (the fields read), for echoing back. */
  values: Record<string, string>;
}

type Answer = Omit<FormState, "values" | "at">;

export interface FormActionOptions<S extends z.ZodType> {
  /** Log line and fields when something fails ("admin save failed", { table, id }). */
  log: { failed: string; fields?: Record<string, unknown> };
  input: FormData | Record<string, string>;
  /** The fields read from a FormData (others are ignored); default: every text entry. */
  fields?: readonly string[];
  schema: S;
  /** The request: default, the Server Action's own (Origin, else Referer, must name this site). */
  request?: { headers: Headers; originOnly: boolean };
  /** Roles that may send it; absent: anyone (the public forms). */
  roles?: readonly StaffRole[];
  /**
   * A dashboard action (one with `roles`) is recorded in the activity trail (docs/decisions/0037): `run` is given the
   * signed-in user as the actor of its rows, and a successful answer with no activity row written by it
   * (the CRUD module writes one in the change's transaction; anything else calls `recordActivity`)
   * gets one here, named `action`, with no fields. `false` for an action that changes nothing.
   */
  activity?: false | { action: string };
  /**
   * Echo what was typed back with every error (forms rendered without JavaScript): every field read,
   * or only those named (a sign-in form echoes the address, never the password).
   */
  echo?: boolean | readonly string[];
  answers: {
    foreign: Answer;
    /** Anything unexpected: a fixed text; the details go to the log only. */
    failure: Answer;
    invalid: (errors: FieldErrors, reason: "unstorable" | "schema") => Answer;
  };
  /** Checks before the fields are read (the public forms' honeypot and timing). */
  guard?: (form: FormData | Record<string, string>, context: FormContext) => Promise<FormState | null> | FormState | null;
  /** Before an invalid answer (the public forms count it against the rate limit, which may refuse). */
  beforeInvalid?: (context: FormContext) => Promise<FormState | null>;
  run: (data: z.output<S>, context: FormContext) => Promise<Answer>;
}

const ACCESS_DENIED: Answer = { status: "refused", title: "Access Denied", message: "You don't have admin privileges." };

function isFormInput(input: unknown): input is FormData | Record<string, string> {
  if (input instanceof FormData) return true;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const prototype = Object.getPrototypeOf(input) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function textValues(input: FormData | Record<string, string>, names?: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: [string, unknown][] = input instanceof FormData ? [...input.entries()] : Object.entries(input);
  for (const [key, value] of entries) {
    if (typeof value !== "string" || (names && !names.includes(key))) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The one way a form's Server Action (or the forms' endpoint) handles a submission (ADR 0024):
 * origin check, role check, text that cannot be stored refused, the Zod schema, then `run`. A
 * `FieldError` becomes a message beside its field; any other error is logged with its details and
 * answered with `answers.failure`, so no answer ever carries SQL, a stack or a constraint name.
 */
export async function handleForm<S extends z.ZodType>(options: FormActionOptions<S>): Promise<FormState> {
  const at = Date.now();
  // A Server Action can be called by anyone with any arguments React can encode: a form of ours
  // always sends FormData (or the dashboard a plain object); anything else is not one of our pages.
  if (!isFormInput(options.input)) {
    log("warn", `${options.log.failed}: refused`, { ...options.log.fields, reason: "arguments no page of this site sends" });
    return { ...options.answers.foreign, at };
  }
  const values = textValues(options.input, options.fields);
  // Echoed back bounded: no field is longer than a post's content once valid (LIMITS.blogContent),
  // so a long post refused for another field comes back whole.
  const echo = () =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([k]) => options.echo === true || (Array.isArray(options.echo) && options.echo.includes(k)))
        .map(([k, v]) => [k, v.slice(0, LIMITS.blogContent)]),
    );
  const answer = (a: Answer | FormState): FormState => ({ ...a, ...(options.echo && a.status !== "success" ? { values: echo() } : {}), at });
  let context: FormContext | undefined;
  try {
    const request = options.request ?? { headers: await requestHeaders(), originOnly: false };
    if (!isSameOriginHeaders(request.headers, { originOnly: request.originOnly })) return answer(options.answers.foreign);
    const user = options.roles ? await requireRole(options.roles, request.headers) : null;
    context = { headers: request.headers, ip: ipFromHeaders(request.headers), user, values };
    const guarded = await options.guard?.(options.input, context);
    if (guarded) return answer(guarded);
    const invalid = async (errors: FieldErrors, reason: "unstorable" | "schema") =>
      answer((await options.beforeInvalid?.(context!)) ?? { ...options.answers.invalid(errors, reason), fieldErrors: errors });
    // NUL, lone surrogates and undecodable bytes: refused with a message, never altered (ADR 0016).
    const unstorable = unstorableFields(values);
    if (Object.keys(unstorable).length > 0) return await invalid(unstorable, "unstorable");
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) return await invalid(fieldErrors(parsed.error), "schema");
    if (!options.roles) return answer(await options.run(parsed.data, context));
    const ran = await withActivityScope(user, request.headers, () => options.run(parsed.data, context!));
    if (ran.value.status === "success" && ran.recorded === 0 && options.activity !== false) {
      const action = options.activity?.action ?? "change";
      log("warn", "dashboard change without its own activity row", { ...options.log.fields, action });
      await recordActivity({ action, actor: user, headers: request.headers, table: null });
    }
    return answer(ran.value);
  } catch (error) {
    if (error instanceof AccessDeniedError) {
      return answer(error.reason === "two-factor" ? { status: "refused", title: "Two-Factor Required", message: error.message } : ACCESS_DENIED);
    }
    if (error instanceof FieldError) {
      log("warn", `${options.log.failed}: refused`, { ...options.log.fields, fields: Object.keys(error.fields), reason: error.message });
      return answer({ status: "invalid", title: error.title, message: error.message, fieldErrors: error.fields });
    }
    log("error", options.log.failed, { ...options.log.fields, ...errorFields(error) });
    return answer(options.answers.failure);
  }
}

const FROM_DASHBOARD_ONLY = "This request must come from the dashboard itself.";

/**
 * The answers of a dashboard call made from script (a list, a compare, a restore): refused from
 * elsewhere, and one fixed text for anything unexpected or invalid (its ids come from the page, not
 * from someone typing).
 */
export function callAnswers(failed: string): FormActionOptions<z.ZodType>["answers"] {
  return {
    foreign: { status: "refused", message: FROM_DASHBOARD_ONLY },
    failure: { status: "error", title: "Error", message: failed },
    invalid: () => ({ status: "error", title: "Error", message: failed }),
  };
}

/**
 * A dashboard read through the checks of every action (origin, role, schema), recorded as nothing
 * since it changes nothing: what `read` returned, or null when a check refused or the read failed
 * (handleForm logged which).
 */
export async function dashboardRead<S extends z.ZodType, T>(options: {
  log: FormActionOptions<S>["log"];
  input: Record<string, string>;
  schema: S;
  roles: readonly StaffRole[];
  failed: string;
  read: (data: z.output<S>) => Promise<T>;
}): Promise<T | null> {
  let found: T | null = null;
  await handleForm({
    log: options.log,
    input: options.input,
    schema: options.schema,
    roles: options.roles,
    activity: false,
    answers: callAnswers(options.failed),
    run: async (data) => {
      found = await options.read(data);
      return { status: "success" };
    },
  });
  return found;
}

/** The answers of a dashboard form someone fills in: as callAnswers, but invalid fields are named beside them. */
export function formAnswers(failed: string): FormActionOptions<z.ZodType>["answers"] {
  return {
    foreign: { status: "refused", title: "Error", message: FROM_DASHBOARD_ONLY },
    failure: { status: "error", title: "Error", message: failed },
    invalid: () => ({ status: "invalid", title: "Please check the form", message: "Some fields need your attention." }),
  };
}

/** What a dashboard form's action declares beside what it does (see `deskActions`). */
export interface DeskForm<S extends z.ZodType> {
  schema: S;
  /** The answer when the change fails unexpectedly; the log line carries the same words with the details. */
  failed: string;
  /** The fields read; default: the schema's own keys (a `z.object`), else every text entry. */
  fields?: readonly string[];
  echo?: FormActionOptions<S>["echo"];
  /** The activity row's name when the change writes none of its own (see `FormActionOptions.activity`); false: it changes nothing. */
  activity?: string | false;
  /** `callAnswers` for calls made from script; default: `formAnswers`. */
  answers?: (failed: string) => FormActionOptions<z.ZodType>["answers"];
}

function schemaKeys(schema: z.ZodType): readonly string[] | undefined {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : undefined;
}

/**
 * The Server Actions of one desk, which share its roles: `const action = deskActions(LEAD_DESK.write)`, then
 * each action is `action(form, { schema, failed }, run)`, handled by `handleForm` with the dashboard's answers.
 */
export function deskActions(roles: readonly StaffRole[]) {
  return <S extends z.ZodType>(input: FormData | Record<string, string>, form: DeskForm<S>, run: FormActionOptions<S>["run"]): Promise<FormState> =>
    handleForm({
      log: { failed: form.failed },
      input,
      fields: form.fields ?? schemaKeys(form.schema),
      schema: form.schema,
      roles,
      echo: form.echo,
      activity: typeof form.activity === "string" ? { action: form.activity } : form.activity,
      answers: (form.answers ?? formAnswers)(form.failed),
      run,
    });
}
