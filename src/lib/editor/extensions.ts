import type { Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { isAllowedLink } from "./link-rules";

/**
 * The blog editor's document model (ADR 0038), one list for the browser's editor and the server's
 * round-trip test (tests/editor-round-trip.test.ts): what it holds is what the sanitiser allows
 * (src/server/content/html.ts), narrowed to what writers need. Headings are H2 and H3 only (they make the
 * article's "On This Page"); an H4 stored earlier opens as H3.
 */
export function blogEditorExtensions(options: { placeholder?: string } = {}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ["mailto"],
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { rel: null, target: null, class: null },
      },
      codeBlock: { HTMLAttributes: { class: null } },
    }),
    Image.configure({ inline: false, allowBase64: false, HTMLAttributes: { loading: null, decoding: null } }),
    TableKit.configure({ table: { resizable: false, renderWrapper: false } }),
    ...(options.placeholder ? [Placeholder.configure({ placeholder: options.placeholder })] : []),
  ];
}
