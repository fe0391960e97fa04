"use client";

import { createContext, useActionState, useContext, useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode, type Ref } from "react";
import { AnswerBox } from "@/components/ui/answer-box";
import { Toaster, toastAnswer } from "@/components/ui/toast";
import { IDLE, type FieldErrors, type FormState } from "@/lib/form-state";

/** A Server Action as `useActionState` calls it: the previous answer and the posted fields, the next answer. */
export type ServerFormAction = (state: FormState, form: FormData) => Promise<FormState>;

/** The browser's own check before anything is sent: an "invalid" answer, or null to send. */
export type BrowserCheck = (values: Record<string, string>) => FormState | null;

export interface FormAnswerOptions {
  /**
   * What the form posts to: the browser posts to it without JavaScript (the page is rendered again
   * with the answer), React calls it with JavaScript. Left out only by a form that cannot work
   * without a script API (WebAuthn).
   */
  action?: ServerFormAction;
  /**
   * With JavaScript, sends the form this way instead of through `action` (the public forms' JSON
   * endpoint, ADR 0017; a passkey ceremony). Its answer is the same FormState.
   */
  send?: (form: HTMLFormElement) => Promise<FormState>;
  /** Checked before sending; without JavaScript only the server checks. */
  check?: BrowserCheck;
  /** Also toast invalid answers (the dashboard's dialogs and small forms do; elsewhere the fields say it). */
  toastInvalid?: boolean;
  /**
   * Where the page writes the answer (AnswerForm's `answer`; "box" for a page that renders an
   * AnswerBox of its own). A refusal or error written where it is seen with JavaScript too is not
   * toasted as well, so that it shows once; a success is toasted too unless `toastSuccess` is false. Left out: "none".
   */
  writtenAs?: AnswerPlacement;
  /**
   * False: a success the page writes is not toasted as well (the visitor-facing forms, which say it
   * once, in their answer box, scrolled into view). A dashboard form keeps its toast: its box may sit
   * above a long list, out of sight.
   */
  toastSuccess?: boolean;
  /** Called once per answer, after its toast (e.g. close a dialog, refresh the lists, count a conversion). */
  onAnswer?: (state: FormState) => void;
  /**
   * Where a browser without JavaScript posts the form (React's permalink of useActionState, the
   * form's `action` attribute): e.g. `#region`, the same page scrolled to the form's answer.
   */
  permalink?: string;
}

export interface FormAnswer {
  /** The latest answer: the browser's check, the sent one, or the Server Action's. */
  state: FormState;
  errors: FieldErrors;
  /** What was typed, echoed back on error (empty after a success, so the form is cleared). */
  values: Record<string, string>;
  /** Changes with every answer from the server: the form's key, so its fields take `values` again. */
  key: number | string;
  /** Whether `state` was made in the browser (its check, or `send`) rather than by the Server Action. */
  fromBrowser: boolean;
  /** Whether a success the page writes is toasted as well (`toastSuccess`); when not, its box is brought into view. */
  toastSuccess: boolean;
  pending: boolean;
  formProps: {
    action?: (form: FormData) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    noValidate: true;
  };
  /** Forgets the browser's own answer (a form switched away from shows nothing when it comes back). */
  reset: () => void;
}

const noAction: ServerFormAction = async (state) => state;

function typedValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string" && !entry[0].startsWith("$ACTION")),
  );
}

/**
 * The one way a form gets its answer (ADR 0055): a Server Action through `useActionState` (so the
 * form works without JavaScript), an optional check in the browser first, an optional other way of
 * sending with JavaScript, and each answer announced once through the site's one toaster.
 */
export function useFormAnswer({
  action,
  send,
  check,
  toastInvalid = false,
  writtenAs = "none",
  toastSuccess = true,
  onAnswer,
  permalink,
}: FormAnswerOptions): FormAnswer {
  const [served, formAction, actionPending] = useActionState(action ?? noAction, IDLE, permalink);
  // An answer made in the browser (its check, or `send`); a post through the action forgets it.
  const [local, setLocal] = useState<{ state: FormState; key: number } | null>(null);
  const [sending, setSending] = useState(false);
  const state = local?.state ?? served;
  const key = local ? local.key : (served.at ?? 0);

  const announced = useRef(new WeakSet<FormState>());
  const latest = useRef({ onAnswer, toastInvalid, writtenAs, toastSuccess });
  useEffect(() => {
    latest.current = { onAnswer, toastInvalid, writtenAs, toastSuccess };
  });
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!state.at || announced.current.has(state)) return;
    announced.current.add(state);
    if (toastedToo(latest.current.writtenAs, state, latest.current.toastSuccess)) toastAnswer(state, { invalid: latest.current.toastInvalid });
    latest.current.onAnswer?.(state);
    if (state.status === "invalid") requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const target = event.currentTarget;
    form.current = target;
    const found = check?.(typedValues(target));
    if (found) {
      event.preventDefault();
      // The fields keep what was typed: the form is not rendered again (same key).
      setLocal({ state: { ...found, at: Date.now() }, key });
      return;
    }
    if (!send) {
      setLocal(null);
      return;
    }
    // The browser does not post: `send` does.
    event.preventDefault();
    if (sending) return;
    setSending(true);
    void send(target).then((answer) => {
      const at = Date.now();
      setSending(false);
      setLocal({ state: { ...answer, at }, key: at });
    });
  };

  return {
    state,
    errors: state.fieldErrors ?? {},
    values: state.status === "success" ? {} : (state.values ?? {}),
    key,
    fromBrowser: local !== null,
    toastSuccess,
    pending: actionPending || sending,
    formProps: { action: action ? formAction : undefined, onSubmit, noValidate: true },
    reset: () => setLocal(null),
  };
}

const FormContext = createContext<Pick<FormAnswer, "errors" | "pending"> | null>(null);

/** Whether the form around is being sent (for its submit button). */
export function useFormPending(): boolean {
  return useContext(FormContext)?.pending ?? false;
}

/** The message of the field `name` (or the first of several names) from the form's latest answer. */
export function useFieldError(name: string | readonly string[] | undefined): string | undefined {
  const errors = useContext(FormContext)?.errors;
  if (!errors || name === undefined) return undefined;
  const names = typeof name === "string" ? [name] : name;
  return names.map((n) => errors[n]).find(Boolean);
}

/** The field's own message, right below it; `id` matches the control's aria-describedby. */
export function FieldError({ id, name, error }: { id: string; name?: string | readonly string[]; error?: string }) {
  const fromAnswer = useFieldError(name);
  const message = error ?? fromAnswer;
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

/** Where the answer is written into the page (what a visitor without JavaScript reads). */
export type AnswerPlacement = "box" | "line" | "status" | "no-script-line" | "none";

/** Whether the page shows this answer, with JavaScript too, where it is placed (AnswerBox and AnswerLine say when). */
export function writtenInPage(placement: AnswerPlacement, state: FormState): boolean {
  if (state.status === "idle") return false;
  switch (placement) {
    case "box":
      return state.status !== "invalid" && Boolean(state.title ?? state.message);
    case "line":
      return Boolean(state.message);
    case "status":
      return Boolean(state.message) && !state.fieldErrors;
    default:
      return false;
  }
}

/**
 * Whether an answer is toasted: said once, so what the page writes is not toasted as well, except a
 * success where the form asks for both (`toastSuccess`, the dashboard's forms).
 */
export function toastedToo(placement: AnswerPlacement, state: FormState, toastSuccess: boolean): boolean {
  return !writtenInPage(placement, state) || (state.status === "success" && toastSuccess);
}

const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once React runs in the browser. */
export function useScriptRuns(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The answer as one short line beside a small form's button (the dashboard's rows). */
export function AnswerLine({ state }: { state: FormState }) {
  if (state.status === "idle" || !state.message) return null;
  const ok = state.status === "success";
  const message = state.fieldErrors?.form ?? Object.values(state.fieldErrors ?? {})[0] ?? state.message;
  return (
    <p role={ok ? "status" : "alert"} className={ok ? "text-sm text-ink-soft" : "text-sm font-medium text-danger"}>
      {message}
    </p>
  );
}

export interface ActionFormProps extends FormAnswerOptions {
  /** Accessible name of the form. */
  label?: string;
  className?: string;
  /** Hidden fields that name the record. */
  hidden?: Record<string, string>;
  /** Asked before posting, with JavaScript; without it the plain form posts. */
  confirm?: string;
  /**
   * "box" above the form (default); "line" after its fields (a field error included, for a form
   * whose fields are hidden); "status" the same line only when no field says why; "no-script-line"
   * the line only in a page rendered without script (a list row: with JavaScript its toast says it);
   * "none" when the page writes it.
   */
  answer?: AnswerPlacement;
  answerClassName?: string;
  testId?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode | ((answer: FormAnswer) => ReactNode);
}

/** A form rendered from `useFormAnswer`'s result (a page with two forms sharing one answer calls the hook itself). */
export function AnswerForm({
  form,
  label,
  className,
  hidden,
  confirm,
  answer = "box",
  answerClassName,
  testId,
  formRef,
  children,
}: Omit<ActionFormProps, keyof FormAnswerOptions> & { form: FormAnswer }) {
  const { formProps } = form;
  const scriptRuns = useScriptRuns();
  // A success said only in the box: the box is brought into view (a long form's box sits above its button).
  const box = useRef<HTMLDivElement>(null);
  const { state, toastSuccess } = form;
  useEffect(() => {
    if (answer === "box" && !toastSuccess && state.status === "success" && state.at) box.current?.scrollIntoView({ block: "nearest" });
  }, [answer, toastSuccess, state]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (confirm && !window.confirm(confirm)) {
      event.preventDefault();
      return;
    }
    formProps.onSubmit(event);
  };
  return (
    <FormContext.Provider value={{ errors: form.errors, pending: form.pending }}>
      <Toaster />
      {answer === "box" && (
        <div ref={box} className="scroll-mt-24">
          <AnswerBox state={form.state} className={answerClassName} />
        </div>
      )}
      <form key={form.key} ref={formRef} {...formProps} onSubmit={onSubmit} aria-label={label} className={className} data-testid={testId}>
        {hidden && Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} readOnly />)}
        {typeof children === "function" ? children(form) : children}
        {(answer === "line" || (answer === "status" && !form.state.fieldErrors) || (answer === "no-script-line" && !scriptRuns)) && (
          <AnswerLine state={form.state} />
        )}
      </form>
    </FormContext.Provider>
  );
}

/**
 * Every form of the site (ADR 0055): a real `<form action>` posting to a Server Action, field
 * errors beside their fields (`Field` and `FieldError` read them), typed values kept on error, the
 * answer written into the page and announced once as a toast.
 */
export function ActionForm({ action, send, check, toastInvalid, writtenAs, onAnswer, ...props }: ActionFormProps) {
  const form = useFormAnswer({ action, send, check, toastInvalid, writtenAs: writtenAs ?? props.answer ?? "box", onAnswer });
  return <AnswerForm form={form} {...props} />;
}
