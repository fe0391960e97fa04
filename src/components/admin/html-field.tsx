"use client";

import { useEffect, useState, type ComponentType } from "react";
import { TextArea } from "@/components/forms/fields";

type EditorProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid?: boolean;
};

/**
 * The blog content field: a plain HTML textarea (what works without JavaScript, and while the
 * editor loads), replaced by the visual editor once its code has arrived. The editor is imported
 * here, on first use in the dashboard, so its code is a chunk of its own that public pages never
 * load (docs/decisions/0038).
 */
export function HtmlField({ rows, ...props }: EditorProps & { rows?: number }) {
  const [Editor, setEditor] = useState<ComponentType<EditorProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import("./blog-editor").then((loaded) => live && setEditor(() => loaded.default));
    return () => {
      live = false;
    };
  }, []);
  if (Editor) return <Editor {...props} />;
  return (
    <TextArea
      id={props.id}
      name={props.name}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
      rows={rows}
      className="font-mono text-sm"
      spellCheck={false}
    />
  );
}
