"use client";

import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import {
  BoldIcon,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Table as TableIcon,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { ARTICLE_PROSE } from "@/components/blog/article-prose";
import { TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cx } from "@/lib/class-names";
import { blogEditorExtensions } from "@/lib/editor/extensions";
import { checkLinkAddress } from "@/lib/editor/link-rules";
import { toEditorHtml } from "@/lib/editor/load";
import { cleanPastedHtml } from "@/lib/editor/paste";
import { checkPublicUrl, isOwnImagePath } from "@/lib/url-safety";
import type { EditorHandle } from "./editor-handle";
import { ImageSource } from "./media-picker";

// The blog's visual editor (docs/decisions/0038). Loaded only by the dashboard's dialog, with a
// dynamic import (src/components/admin/html-field.tsx): public pages never download it. The form
// still posts plain HTML in the field's own name; the server sanitises it like any other content.

/** The placeholder extension marks the empty first paragraph; this shows its text without taking space. */
const PLACEHOLDER =
  "[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-muted [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]";

/** The editor's props, also those of the plain field that stands in for it (html-field.tsx). */
export interface EditorProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid?: boolean;
  /**
   * "room": the writing room's page-wide editor (docs/decisions/0071): no frame, the toolbar sticks
   * below the room's bar while the page scrolls, the text grows with the page. Default: the dialog's
   * framed field with a scrolling box.
   */
  layout?: "field" | "room";
  /** Where the room's toolbar sticks (the height of the bar above it). */
  stickyTop?: string;
  /** Given the field's handle once it can take commands from outside (the room's side panel), null when it goes. */
  onHandle?: (handle: EditorHandle | null) => void;
}

interface Tool {
  label: string;
  icon: LucideIcon;
  run: () => void;
  active?: boolean;
  shortcut?: string;
}

/** The toolbar's buttons with one tab stop: arrow keys, Home and End move between them (WAI-ARIA toolbar). */
function Toolbar({ label, controls, tools, className, style }: { label: string; controls: string; tools: Tool[]; className?: string; style?: CSSProperties }) {
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const last = tools.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = next < 0 ? last : next > last ? 0 : next;
    setCurrent(index);
    refs.current[index]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={move}
      style={style}
      className={cx("flex flex-wrap gap-1 border-b border-line p-1.5", className)}
    >
      {tools.map((tool, i) => (
        <button
          key={tool.label}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          tabIndex={i === current ? 0 : -1}
          aria-label={tool.label}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
          {...(tool.active === undefined ? {} : { "aria-pressed": tool.active })}
          onFocus={() => setCurrent(i)}
          // Keep the editor's selection: the button acts on it without taking the caret away.
          onMouseDown={(e) => e.preventDefault()}
          onClick={tool.run}
          className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-canvas focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-pressed:bg-brand-100 aria-pressed:text-brand-800 [&_svg]:size-4"
        >
          <tool.icon aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/** A small panel under the toolbar (link, image): its own fields and messages, never a nested form. */
function Panel({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  return (
    <div
      role="group"
      aria-label={title}
      className="space-y-3 border-b border-line bg-canvas p-3"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}

function PanelField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Enter in a panel's field applies the panel instead of submitting the post's form. */
const onEnter = (apply: () => void) => (e: KeyboardEvent) => {
  if (e.key === "Enter") {
    e.preventDefault();
    apply();
  }
};

/** A panel's buttons: what it does, anything else it offers, and Cancel (which gives the editor its focus back). */
function PanelButtons({ label, apply, cancel, children }: { label: string; apply: () => void; cancel: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" onClick={apply}>
        {label}
      </Button>
      {children}
      <Button type="button" size="sm" variant="outline" onClick={cancel}>
        Cancel
      </Button>
    </div>
  );
}

function LinkPanel({ editor, id, onClose }: { editor: Editor; id: string; onClose: () => void }) {
  const [href, setHref] = useState<string>(() => editor.getAttributes("link").href ?? "");
  const [error, setError] = useState<string>();
  const apply = () => {
    const checked = checkLinkAddress(href);
    if ("message" in checked) return setError(checked.message);
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link"))
      chain.insertContent({ type: "text", text: href.trim(), marks: [{ type: "link", attrs: { href: checked.href } }] }).run();
    else chain.setLink({ href: checked.href }).run();
    onClose();
  };
  return (
    <Panel title="Link" onClose={onClose}>
      <PanelField id={`${id}-link`} label="Link address" error={error}>
        <TextInput
          id={`${id}-link`}
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={onEnter(apply)}
          placeholder="https://example.com/page or /contact"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-link-error` : undefined}
        />
      </PanelField>
      <PanelButtons label="Apply link" apply={apply} cancel={() => (onClose(), editor.commands.focus())}>
        {editor.isActive("link") && (
          <Button type="button" size="sm" variant="outline" onClick={() => (editor.chain().focus().extendMarkRange("link").unsetLink().run(), onClose())}>
            Remove link
          </Button>
        )}
      </PanelButtons>
    </Panel>
  );
}

function ImagePanel({ editor, id, onClose }: { editor: Editor; id: string; onClose: () => void }) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  const apply = () => {
    const address = src.trim();
    const found: typeof errors = {};
    if (!address) found.src = "Upload an image, choose one from the library or enter its address.";
    else if (!isOwnImagePath(address) && !("url" in checkPublicUrl(address))) found.src = "Use an uploaded image or a public https:// address.";
    if (!alt.trim()) found.alt = "Describe the image for people who cannot see it.";
    setErrors(found);
    if (found.src || found.alt) return;
    editor.chain().focus().setImage({ src: address, alt: alt.trim() }).run();
    onClose();
  };
  return (
    <Panel title="Image" onClose={onClose}>
      <PanelField id={`${id}-img-src`} label="Image address" error={errors.src}>
        <div className="flex flex-wrap gap-2">
          <TextInput
            id={`${id}-img-src`}
            autoFocus
            value={src}
            onChange={(e) => setSrc(e.target.value)}
            onKeyDown={onEnter(apply)}
            placeholder="/api/media/... or https://..."
            aria-invalid={Boolean(errors.src)}
            aria-describedby={errors.src ? `${id}-img-src-error` : undefined}
            className="min-w-48 flex-1"
          />
          <ImageSource
            uploadLabel="Upload an image"
            askAlt
            onUploaded={(image) => {
              setSrc(image.url);
              setErrors((e) => ({ ...e, src: undefined }));
            }}
            onUploadError={(message) => setErrors((e) => ({ ...e, src: message }))}
            // The library's dialog asked for the alt text already: the image goes straight in.
            onChosen={(image) => {
              editor.chain().focus().setImage({ src: image.url, alt: image.alt }).run();
              onClose();
            }}
          />
        </div>
      </PanelField>
      <PanelField id={`${id}-img-alt`} label="Alt text (required)" error={errors.alt}>
        <TextInput
          id={`${id}-img-alt`}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={onEnter(apply)}
          aria-invalid={Boolean(errors.alt)}
          aria-describedby={errors.alt ? `${id}-img-alt-error` : undefined}
        />
      </PanelField>
      <PanelButtons label="Insert image" apply={apply} cancel={() => (onClose(), editor.commands.focus())} />
    </Panel>
  );
}

export default function BlogEditor({ id, name, label, value, onChange, describedBy, invalid, layout = "field", stickyTop, onHandle }: EditorProps) {
  const room = layout === "room";
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const contentId = id;
  const editor = useEditor({
    extensions: blogEditorExtensions({ placeholder: "Write the post. Type ## for a heading, - for a list, > for a quote." }),
    content: toEditorHtml(value),
    immediatelyRender: false,
    // The toolbar's pressed states follow the selection: render again on every change.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id: contentId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        "aria-invalid": String(Boolean(invalid)),
        class: cx(
          ARTICLE_PROSE,
          room ? "min-h-[50vh] max-w-none px-1 py-4 text-lg focus:outline-none" : "min-h-64 max-w-none px-4 py-3 focus:outline-none",
          PLACEHOLDER,
        ),
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  // The same link command as the toolbar's Link panel, on the selection the editor keeps while a
  // button outside it has the focus.
  useEffect(() => {
    if (!editor || !onHandle) return;
    onHandle({
      linkSelection: (href) => {
        const checked = checkLinkAddress(href);
        const { from, to, empty } = editor.state.selection;
        const text = empty ? "" : editor.state.doc.textBetween(from, to, " ");
        if ("message" in checked || !text.trim()) return null;
        editor.chain().focus().setLink({ href: checked.href }).run();
        return { text };
      },
    });
    return () => onHandle(null);
  }, [editor, onHandle]);
  const hidden = <input type="hidden" name={name} value={value} />;
  if (!editor) return hidden;
  const is = (name: string, attributes?: Record<string, unknown>) => editor.isActive(name, attributes);
  const state = {
    h2: is("heading", { level: 2 }),
    h3: is("heading", { level: 3 }),
    bold: is("bold"),
    italic: is("italic"),
    link: is("link"),
    bullet: is("bulletList"),
    ordered: is("orderedList"),
    quote: is("blockquote"),
    code: is("code"),
    codeBlock: is("codeBlock"),
    table: is("table"),
  };
  const c = () => editor.chain().focus();
  const tools: Tool[] = [
    { label: "Heading 2", icon: Heading2, active: state.h2, run: () => c().toggleHeading({ level: 2 }).run(), shortcut: "Ctrl+Alt+2" },
    { label: "Heading 3", icon: Heading3, active: state.h3, run: () => c().toggleHeading({ level: 3 }).run(), shortcut: "Ctrl+Alt+3" },
    { label: "Bold", icon: BoldIcon, active: state.bold, run: () => c().toggleBold().run(), shortcut: "Ctrl+B" },
    { label: "Italic", icon: Italic, active: state.italic, run: () => c().toggleItalic().run(), shortcut: "Ctrl+I" },
    { label: "Link", icon: LinkIcon, active: state.link, run: () => setPanel(panel === "link" ? null : "link") },
    { label: "Bulleted list", icon: List, active: state.bullet, run: () => c().toggleBulletList().run(), shortcut: "Ctrl+Shift+8" },
    { label: "Numbered list", icon: ListOrdered, active: state.ordered, run: () => c().toggleOrderedList().run(), shortcut: "Ctrl+Shift+7" },
    { label: "Quote", icon: Quote, active: state.quote, run: () => c().toggleBlockquote().run(), shortcut: "Ctrl+Shift+B" },
    { label: "Inline code", icon: Code, active: state.code, run: () => c().toggleCode().run(), shortcut: "Ctrl+E" },
    { label: "Code block", icon: SquareCode, active: state.codeBlock, run: () => c().toggleCodeBlock().run(), shortcut: "Ctrl+Alt+C" },
    { label: "Horizontal rule", icon: Minus, run: () => c().setHorizontalRule().run() },
    { label: "Insert table", icon: TableIcon, run: () => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { label: "Insert image", icon: ImagePlus, run: () => setPanel(panel === "image" ? null : "image") },
    { label: "Undo", icon: Undo2, run: () => c().undo().run(), shortcut: "Ctrl+Z" },
    { label: "Redo", icon: Redo2, run: () => c().redo().run(), shortcut: "Ctrl+Shift+Z" },
  ];
  const tableTools: [string, () => boolean][] = [
    ["Add row", () => c().addRowAfter().run()],
    ["Add column", () => c().addColumnAfter().run()],
    ["Delete row", () => c().deleteRow().run()],
    ["Delete column", () => c().deleteColumn().run()],
    ["Delete table", () => c().deleteTable().run()],
  ];
  const close = () => setPanel(null);

  return (
    <div
      className={cx(
        room ? "bg-surface" : "rounded-xl border bg-surface focus-within:ring-2 focus-within:ring-brand-200",
        !room && (invalid ? "border-danger" : "border-line"),
      )}
    >
      <Toolbar
        label={`${label} formatting`}
        controls={contentId}
        tools={tools}
        className={room ? "sticky z-20 rounded-xl border bg-surface/95 shadow-sm backdrop-blur" : undefined}
        style={room ? { top: stickyTop ?? "0px" } : undefined}
      />
      {state.table && (
        <div role="group" aria-label="Table" className="flex flex-wrap gap-1 border-b border-line p-1.5">
          {tableTools.map(([text, run]) => (
            <Button key={text} type="button" size="sm" variant="outline" onMouseDown={(e) => e.preventDefault()} onClick={run}>
              {text}
            </Button>
          ))}
        </div>
      )}
      {panel === "link" && <LinkPanel editor={editor} id={id} onClose={close} />}
      {panel === "image" && <ImagePanel editor={editor} id={id} onClose={close} />}
      <EditorContent editor={editor} className={room ? (invalid ? "rounded-xl ring-2 ring-danger" : undefined) : "max-h-[32rem] overflow-y-auto"} />
      {hidden}
    </div>
  );
}
