"use client";

import { ArrowLeft, History as HistoryIcon, PanelRight, X } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { AnswerForm, FieldError, useFormAnswer, useScriptRuns } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogHeader } from "@/components/ui/dialog";
import { AnswerBox } from "@/components/ui/answer-box";
import { historyHref } from "@/lib/admin-tables/activity";
import { RECORD_FORM_FIELDS, ROOM_SCRIPT_FIELD } from "@/lib/admin-tables/definition";
import { adminTable } from "@/lib/admin-tables/registry";
import { cx } from "@/lib/class-names";
import { IDLE, type FormState } from "@/lib/form-state";
import { writingRoomHref } from "@/lib/routes";
import { saveRecordForm } from "@/server/dashboard/admin-actions";
import { saveWritingRoom } from "@/server/dashboard/writing-room-actions";
import type { InternalLinks } from "@/server/content/data/link-suggestions";
import type { EditorHandle } from "./editor-handle";
import { HtmlField } from "./html-field";
import { InternalLinksPanel } from "./internal-links-panel";
import { ImageField } from "./image-field";
import { ContentPreview, RecordFields, useRecordValues } from "./record-fields";
import { formatAdminTime } from "@/lib/format";
import { tableCheck } from "./record-form";
import { HISTORY_LINE, RevisionHistory } from "./revision-history";

// The writing room (docs/decisions/0071): a post written full screen on its own address, the title
// typed above the body, the cover on top, the settings in a side panel (a drawer on phones). It is
// the record form of the posts table all the same: one Server Action saves it (validation, the
// version check, the revision and the activity row), and without JavaScript it is a plain form
// with a Save button. With JavaScript a draft is also saved by itself a moment after each change.

/** How long typing must pause before a draft is saved by itself. */
export const AUTOSAVE_DELAY_MS = 1500;
/** The room's bar: the editor's toolbar sticks right below it. */
const BAR_HEIGHT = "4rem";
const LEAVE_WARNING = "This post has changes that are not saved. Leave without saving them?";

type SaveStatus =
  | { kind: "clean" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "incomplete"; message: string }
  | { kind: "failed"; message: string }
  | { kind: "conflict" };

/** What a save would send, without the version (which every save changes): equal means nothing to save. */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify(
    [...new FormData(form)].filter(([key, value]) => typeof value === "string" && key !== RECORD_FORM_FIELDS.version && !key.startsWith("$ACTION")),
  );
}

// The site's zone, labelled, as every staff time (not the browser's clock with no zone).
const clock = (at: Date) => formatAdminTime(at);

interface WritingRoomProps {
  tableId: string;
  record: ({ id: string } & Record<string, unknown>) | null;
  /** The stored record's version (its last write, ISO); empty for a new post. */
  version: string;
  siteName: string;
  /** The site's public address: a link written with it counts as a link to the page. */
  siteUrl: string;
  listHref: string;
  /** The stored post's internal-link suggestions and backlinks (docs/decisions/0099); null for a new post. */
  internalLinks: InternalLinks | null;
}

/**
 * The room keeps what is typed across the page's own refreshes (a save renders the page again). A
 * restored revision is the exception: the room starts again from the stored post once the refreshed
 * page brings it (its version has changed), on the same page, so the restore's toast stays in view.
 */
export function WritingRoom(props: WritingRoomProps) {
  const router = useRouter();
  const [restoredOver, setRestoredOver] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  // Adjusted while rendering (React's pattern for state that follows a prop): the refreshed version arrived.
  if (restoredOver !== null && props.version !== restoredOver) {
    setRestoredOver(null);
    setGeneration(generation + 1);
  }
  return (
    <Room
      key={generation}
      {...props}
      onRestored={() => {
        setRestoredOver(props.version);
        router.refresh();
      }}
    />
  );
}

function Room({ tableId, record, version, siteName, siteUrl, listHref, internalLinks, onRestored }: WritingRoomProps & { onRestored: () => void }) {
  const table = adminTable(tableId)!;
  const router = useRouter();
  const scriptRuns = useScriptRuns();
  const [id, setId] = useState<string | null>(record?.id ?? null);
  const [currentVersion, setCurrentVersion] = useState(version);
  const [storedPublished, setStoredPublished] = useState(Boolean(record?.published));
  const [status, setStatus] = useState<SaveStatus>({ kind: "clean" });
  const [conflict, setConflict] = useState<FormState | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const lastSaved = useRef<string | null>(null);
  // The content field's handle, for the side panel's "Link selected text".
  const editorHandle = useRef<EditorHandle | null>(null);
  const onEditorHandle = useCallback((handle: EditorHandle | null) => {
    editorHandle.current = handle;
  }, []);
  const saving = useRef(false);

  /** Takes the record's id and version from an answer: a save's, or the newer one a refused save names. */
  const adopt = useCallback(
    (answer: FormState, sentPublished: boolean) => {
      if (!answer.saved) return;
      setCurrentVersion(answer.saved.version);
      if (answer.status !== "success") return;
      // The next saves update this post. The address stays "new" until the writer's own Save: moving
      // it (Next's replaceState) would load the edit page in the middle of typing and lose the caret.
      if (id === null) setId(answer.saved.id);
      setStoredPublished(sentPublished);
    },
    [id],
  );

  // The same check as the dialog's, also run before each autosave.
  const check = tableCheck(table);
  const form = useFormAnswer({
    action: saveWritingRoom,
    check,
    toastInvalid: true,
    writtenAs: "box",
    onAnswer: (state) => {
      const sentPublished = held.values.published === "on";
      adopt(state, sentPublished);
      if (state.status === "success") {
        if (formRef.current) lastSaved.current = snapshot(formRef.current);
        setConflict(null);
        setStatus({ kind: "saved", at: new Date() });
        // A post begun here continues on its own address (the router still knows this page as "new").
        if (record === null && state.saved) router.replace(writingRoomHref(table.id, state.saved.id));
        else router.refresh();
      } else if (state.saved) {
        // Refused for a newer version: what was typed stays; Save again replaces theirs.
        setConflict(state);
        setStatus({ kind: "conflict" });
      }
    },
  });
  const typed = form.state.status !== "success" && form.state.values ? form.state.values : null;
  const posting = useRef(false);
  useEffect(() => {
    posting.current = form.pending;
  }, [form.pending]);
  const held = useRecordValues(table, record, typed);
  const values = held.values;
  const isDraft = !storedPublished && values.published !== "on";

  // What the page holds when it opens is what is stored.
  useEffect(() => {
    if (formRef.current && lastSaved.current === null) lastSaved.current = snapshot(formRef.current);
  }, []);

  const autosave = useCallback(async () => {
    const element = formRef.current;
    // Never beside the writer's own Save: the two would send the same version.
    if (!element || saving.current || posting.current) return;
    const now = snapshot(element);
    if (now === lastSaved.current) return setStatus((s) => (s.kind === "pending" ? { kind: "clean" } : s));
    const data = new FormData(element);
    const typedNow = Object.fromEntries([...data].filter((e): e is [string, string] => typeof e[1] === "string"));
    const invalid = check(typedNow);
    if (invalid) {
      const first = Object.values(invalid.fieldErrors ?? {})[0] ?? "Some fields need your attention.";
      return setStatus({ kind: "incomplete", message: first });
    }
    // Said to the server, which keeps one revision for a run of autosaves rather than one per pause.
    data.set(RECORD_FORM_FIELDS.autosave, "1");
    saving.current = true;
    setStatus({ kind: "saving" });
    let answer: FormState;
    try {
      answer = await saveRecordForm(IDLE, data);
    } catch {
      answer = { status: "error", message: "The connection failed." };
    } finally {
      saving.current = false;
    }
    adopt(answer, typedNow.published === "on");
    if (answer.status === "success") {
      lastSaved.current = now;
      setConflict(null);
      setStatus({ kind: "saved", at: new Date() });
      // Typed while it was being saved: that is saved next.
      if (formRef.current && snapshot(formRef.current) !== now) setStatus({ kind: "pending" });
    } else if (answer.saved) {
      setConflict(answer);
      setStatus({ kind: "conflict" });
    } else {
      setStatus({ kind: "failed", message: Object.values(answer.fieldErrors ?? {})[0] ?? answer.message ?? "The draft could not be saved." });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- check reads only the table, which never changes
  }, [adopt]);

  // Every change: marked unsaved at once, and a draft saved once typing pauses.
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const element = formRef.current;
    if (!element || lastSaved.current === null) return;
    if (snapshot(element) === lastSaved.current) return;
    setStatus((s) => (s.kind === "saving" || s.kind === "conflict" ? s : { kind: "pending" }));
    // A published post changes only by its Update; a refused save waits for the writer.
    if (!isDraft || conflict) return;
    const timer = setTimeout(() => void autosave(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, changes, isDraft, conflict, autosave]);

  // After a save that ran while typing went on, the rest is saved too.
  useEffect(() => {
    if (status.kind !== "pending" || !isDraft || conflict) return;
    const timer = setTimeout(() => void autosave(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, isDraft, conflict, autosave]);

  const unsaved =
    status.kind === "pending" || status.kind === "saving" || status.kind === "failed" || status.kind === "incomplete" || status.kind === "conflict";

  // Leaving the page (closing the tab, reloading, typing an address) with changes not saved is asked first.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  /** The room's own links (back to the list, the activity) ask too: they leave without unloading. */
  const guardLeave = (event: MouseEvent<HTMLAnchorElement>) => {
    if (unsaved && !window.confirm(LEAVE_WARNING)) event.preventDefault();
  };

  // The drawer on phones: its close button takes the focus, Escape closes it and gives it back.
  useEffect(() => {
    if (settingsOpen) closeButton.current?.focus();
  }, [settingsOpen]);
  const closeSettings = () => {
    setSettingsOpen(false);
    settingsButton.current?.focus();
  };

  const statusText = (() => {
    switch (status.kind) {
      case "pending":
        return isDraft ? "Unsaved changes" : `Unsaved changes: ${storedPublished ? "Update" : "Save"} to publish them`;
      case "saving":
        return "Saving…";
      case "saved":
        return `Saved ${clock(status.at)}`;
      case "incomplete":
        return `Not saved yet: ${status.message}`;
      case "failed":
        return `Not saved — ${status.message}`;
      case "conflict":
        return "Not saved — someone else saved a newer version";
      default:
        return id ? (isDraft ? "Draft" : "Published") : "New draft";
    }
  })();

  const contentId = `${table.id}-content`;
  const titleId = `${table.id}-title`;
  const titleError = form.errors.title;
  const contentError = form.errors.content;
  const heading = id ? "Edit post" : "New post";

  return (
    <AnswerForm
      form={form}
      formRef={(el) => {
        formRef.current = el;
      }}
      answer="none"
      hidden={{
        [RECORD_FORM_FIELDS.table]: table.id,
        ...(id === null ? {} : { [RECORD_FORM_FIELDS.id]: id }),
        ...(currentVersion ? { [RECORD_FORM_FIELDS.version]: currentVersion } : {}),
        [ROOM_SCRIPT_FIELD]: scriptRuns ? "1" : "",
      }}
      label={heading}
      className="min-h-dvh"
    >
      <div
        // Checkboxes, dates and the cover's address change here; the title and body through their state.
        onChange={() => setChanges((n) => n + 1)}
      >
        <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur" style={{ minHeight: BAR_HEIGHT }}>
          <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:px-5">
            <Link href={listHref} onClick={guardLeave} className={cx(buttonVariants({ variant: "ghost", size: "sm" }), "px-2")}>
              <ArrowLeft aria-hidden="true" />
              Posts
            </Link>
            <h1 className="sr-only">{heading}</h1>
            <p role="status" aria-live="polite" data-testid="save-status" className="mr-auto min-w-0 truncate text-sm text-ink-soft">
              {scriptRuns ? statusText : ""}
            </p>
            {status.kind === "failed" && (
              <Button type="button" size="sm" variant="outline" onClick={() => void autosave()}>
                Retry
              </Button>
            )}
            <button
              ref={settingsButton}
              type="button"
              aria-expanded={settingsOpen}
              aria-controls="post-settings"
              onClick={() => (settingsOpen ? closeSettings() : setSettingsOpen(true))}
              className={cx(buttonVariants({ variant: "outline", size: "sm" }), "lg:hidden", !scriptRuns && "hidden")}
            >
              <PanelRight aria-hidden="true" />
              Settings
            </button>
            <SubmitButton
              label={storedPublished ? "Update" : "Save"}
              pendingLabel="Saving..."
              busy={status.kind === "saving"}
              className={buttonVariants({ size: "sm" })}
            />
          </div>
        </header>

        <div className="mx-auto grid max-w-7xl gap-8 px-3 pb-24 sm:px-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="mx-auto w-full max-w-3xl min-w-0 pt-6">
            <AnswerBox state={form.state} className="mb-5" />
            {conflict && (
              <div role="alert" className="mb-5 rounded-xl border border-danger bg-danger/5 p-4 text-sm">
                <p className="font-semibold">{conflict.title}</p>
                <p className="mt-1">{conflict.message}</p>
              </div>
            )}
            <section aria-label="Cover" className="mb-6">
              {values.featuredImageUrl?.trim() && (
                // The writer's own cover as it will lead the article (an address typed, uploaded or chosen).
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={values.featuredImageUrl}
                  alt="Cover image preview"
                  className="mb-3 aspect-[2/1] w-full rounded-card border border-line object-cover"
                />
              )}
              <ImageField
                id={`${table.id}-featuredImageUrl`}
                name="featuredImageUrl"
                label="Featured image"
                defaultValue={values.featuredImageUrl ?? ""}
                value={values.featuredImageUrl ?? ""}
                onChange={(next) => held.change("featuredImageUrl", next)}
                error={form.errors.featuredImageUrl}
              />
            </section>
            <label htmlFor={titleId} className="sr-only">
              Title
            </label>
            <textarea
              id={titleId}
              name="title"
              rows={1}
              required
              maxLength={200}
              value={values.title ?? ""}
              onChange={(e) => held.change("title", e.target.value)}
              onKeyDown={(e) => {
                // One line: Enter goes on to the body.
                if (e.key === "Enter") {
                  e.preventDefault();
                  document.getElementById(contentId)?.focus();
                }
              }}
              placeholder="Post title"
              aria-invalid={Boolean(titleError)}
              aria-describedby={titleError ? `${titleId}-error` : undefined}
              className="field-sizing-content w-full resize-none border-0 bg-transparent p-0 text-3xl leading-tight font-extrabold tracking-tight placeholder:text-muted focus:ring-0 focus:outline-none sm:text-4xl"
            />
            <FieldError id={`${titleId}-error`} error={titleError} />
            <div className="mt-4">
              {/* Names the plain field without JavaScript; the visual editor carries the same name itself. */}
              <label htmlFor={contentId} className="sr-only">
                Content
              </label>
              <HtmlField
                id={contentId}
                name="content"
                label="Content"
                value={values.content ?? ""}
                onChange={(html) => held.change("content", html)}
                describedBy={contentError ? `${contentId}-error` : undefined}
                invalid={Boolean(contentError)}
                rows={16}
                layout="room"
                stickyTop={BAR_HEIGHT}
                onHandle={onEditorHandle}
              />
              <FieldError id={`${contentId}-error`} error={contentError} />
              {/* The body as the article will render it, after the server's sanitising (what the editor cannot show). */}
              {scriptRuns && (
                <div className="mt-4">
                  <ContentPreview tableId={table.id} content={values.content ?? ""} />
                </div>
              )}
            </div>
          </div>

          <aside
            id="post-settings"
            aria-labelledby="post-settings-title"
            onKeyDown={(e) => {
              if (e.key === "Escape" && settingsOpen) {
                e.stopPropagation();
                closeSettings();
              }
            }}
            className={cx(
              "min-w-0 space-y-5 pt-6 lg:sticky lg:top-16 lg:max-h-[calc(100dvh-4rem)] lg:overflow-y-auto lg:border-l lg:border-line lg:pl-6",
              // With JavaScript the panel is a drawer on narrow screens; without it, it follows the post.
              scriptRuns && !settingsOpen && "max-lg:hidden",
              settingsOpen && "max-lg:fixed max-lg:inset-0 max-lg:z-40 max-lg:overflow-y-auto max-lg:bg-surface max-lg:p-4",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h2 id="post-settings-title" className="text-lg font-bold">
                Post settings
              </h2>
              {settingsOpen && (
                <Button ref={closeButton} type="button" size="sm" variant="outline" onClick={closeSettings} className="lg:hidden">
                  <X aria-hidden="true" />
                  Close settings
                </Button>
              )}
            </div>
            <RecordFields
              table={table}
              record={record}
              errors={form.errors}
              siteName={siteName}
              members={[]}
              held={held}
              omit={["title", "content", "featuredImageUrl"]}
            />
            <InternalLinksPanel initial={internalLinks} postId={id} values={values} siteUrl={siteUrl} scriptRuns={scriptRuns} editor={editorHandle} />
            {id !== null && (
              <div className="flex flex-wrap gap-2 border-t border-line pt-4">
                {scriptRuns && (
                  <Button type="button" variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
                    <HistoryIcon aria-hidden="true" />
                    Revisions
                  </Button>
                )}
                <Link href={historyHref(table.table, id)} onClick={guardLeave} className={buttonVariants({ variant: "ghost", size: "sm" })}>
                  Activity
                </Link>
              </div>
            )}
          </aside>
        </div>
      </div>
      {id !== null && (
        <Dialog open={historyOpen} onOpenChange={setHistoryOpen}>
          {historyOpen && (
            <DialogContent wide>
              <DialogHeader title={`History: ${values.title || "Untitled"}`} description={HISTORY_LINE} />
              <DialogBody>
                <RevisionHistory
                  postId={id}
                  onRestored={() => {
                    setHistoryOpen(false);
                    onRestored();
                  }}
                />
              </DialogBody>
            </DialogContent>
          )}
        </Dialog>
      )}
    </AnswerForm>
  );
}
