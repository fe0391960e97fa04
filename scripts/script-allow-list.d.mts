export interface UnknownScript {
  /** Offset of the <script> start tag in the document. */
  at: number;
  /** The sha256 source the script would need ('sha256-…'). */
  hash: string;
  /** The first 80 characters of its text. */
  start: string;
}
export type ScriptShape = "next-flight-bootstrap" | "next-flight-data" | "turbopack-bootstrap" | "after-paint-loader" | "react-instructions";
export function isRunnableScript(attribs: Record<string, string | undefined>): boolean;
export function reactRuntimeDefinitions(): string[];
export function allowedScriptShape(text: string): ScriptShape | null;
export function sha256Source(text: string): string;
export function scanInlineScripts(html: string): { hashes: string[]; unknown: UnknownScript[] };
