"use client";

import { useEffect, useRef, useState, type ComponentType } from "react";
import { TextArea } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";

// A type only: the editor's code itself still arrives by the dynamic import below.
import type { EditorProps } from "./blog-editor";
import { attributeValue } from "./editor-handle";

/**
 * The blog content field: a plain HTML textarea (what works without JavaScript, and while the
 * editor loads), replaced by the visual editor once its code has arrived. The editor is imported
 * here, on first use in the dashboard, so its code is a chunk of its own that public pages never
 * load (docs/decisions/0038).
 */
export function HtmlField({ rows, ...props }: EditorProps & { rows?: number }) {
  const [Editor, setEditor] = useState<ComponentType<EditorProps> | null>(null);
  // The HTML source stays one click away: for markup the toolbar has no button for, and to check output.
  const [source, setSource] = useState(false);
  useEffect(() => {
    let live = true;
    void import("./blog-editor").then((loaded) => live && setEditor(() => loaded.default));
    return () => {
      live = false;
    };
  }, []);
  // While the plain field shows (before the editor arrives, or the HTML source), a link is written
  // around the selected source as it stands.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const plain = !Editor || source;
  const { onHandle, id } = props;
  useEffect(() => {
    if (!plain || !onHandle) return;
    onHandle({
      linkSelection: (href) => {
        const field = document.getElementById(id);
        if (!(field instanceof HTMLTextAreaElement) || field.selectionStart === field.selectionEnd) return null;
        const { value, onChange } = latest.current;
        const [start, end] = [field.selectionStart, field.selectionEnd];
        const selected = value.slice(start, end);
        onChange(`${value.slice(0, start)}<a href="${attributeValue(href)}">${selected}</a>${value.slice(end)}`);
        field.focus();
        return { text: selected };
      },
    });
    return () => onHandle(null);
  }, [plain, onHandle, id]);
  const toggle = Editor && (
    <div className="mb-2 flex justify-end">
      <Button type="button" size="sm" variant="outline" onClick={() => setSource(!source)}>
        {source ? "Back to the visual editor" : "Edit HTML source"}
      </Button>
    </div>
  );
  if (Editor && !source) {
    return (
      <>
        {toggle}
        <Editor {...props} />
      </>
    );
  }
  return (
    <>
      {toggle}
      <TextArea
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        rows={rows}
        className={props.layout === "room" ? "min-h-[50vh] font-mono text-sm" : "font-mono text-sm"}
        spellCheck={false}
      />
    </>
  );
}
