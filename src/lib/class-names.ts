/**
 * Joins class names, skipping false, null and undefined. For client components that ship on public
 * pages: `cn` (clsx + tailwind-merge) adds about 9 KB of compressed JavaScript to the browser, and
 * these components never pass conflicting Tailwind classes that would need merging.
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
