import "server-only";

/**
 * A document of text lines as a PDF file (docs/decisions/0109), written here rather than with a PDF
 * library: a PDF 1.4 file of text objects in Helvetica (one of the 14 standard fonts every reader has,
 * so nothing is embedded) is a few hundred lines of output and needs no dependency. The content
 * streams are left uncompressed, so the text can be read (and checked) in the file itself. The tax
 * invoice and the proposal are both written with it.
 *
 * Helvetica's WinAnsi encoding has no rupee sign and no Indian scripts: amounts say INR, and a
 * character outside Latin-1 is printed as "?" (the stored record keeps it exactly).
 */

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const LEADING = 13;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);
const WRAP_AT = 100; // characters of 9-point Helvetica across the 495 points between the margins, about

export interface Line {
  text: string;
  bold?: boolean;
  size?: number;
}

/** Whole paise as Indian-grouped rupees with two decimals: 4720000 -> "47,200.00". */
export function formatPaise(paise: number): string {
  const rupees = Math.floor(Math.abs(paise) / 100);
  const cents = String(Math.abs(paise) % 100).padStart(2, "0");
  const digits = String(rupees);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${paise < 0 ? "-" : ""}${rest ? `${rest},${last3}` : last3}.${cents}`;
}

export const inr = (paise: number) => `INR ${formatPaise(paise)}`;
export const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/** The date of issue as India reads it, on India's clock: "15 December 2026". */
export function indianDate(at: Date): string {
  return new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "long", year: "numeric" }).format(at);
}

export function wrap(text: string, width = WRAP_AT): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const indent = /^ */.exec(paragraph)![0];
    let line = indent;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line.trim() && line.length + 1 + word.length > width) {
        out.push(line);
        line = indent;
      }
      // A single word longer than the line is cut, not run off the page.
      let rest = word;
      while (rest.length > width - indent.length) {
        if (line.trim()) out.push(line);
        out.push(indent + rest.slice(0, width - indent.length));
        rest = rest.slice(width - indent.length);
        line = indent;
      }
      line = line.trim() ? `${line} ${rest}` : indent + rest;
    }
    out.push(line);
  }
  return out;
}

/** A PDF string literal: Latin-1 bytes, the delimiters and backslash escaped, anything else "?". */
function pdfString(text: string): string {
  let out = "(";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code >= 32 && code < 127) out += char;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `${out})`;
}

function pageContent(lines: readonly Line[]): string {
  const parts = ["BT", `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`, `${LEADING} TL`];
  let font = "";
  for (const line of lines) {
    const wanted = `/${line.bold ? "F2" : "F1"} ${line.size ?? 9} Tf`;
    if (wanted !== font) {
      parts.push(wanted);
      font = wanted;
    }
    parts.push(`${pdfString(line.text)} Tj T*`);
  }
  parts.push("ET");
  return parts.join("\n");
}

/** Lines that add `text` wrapped to the page's width, each with `options`. */
export function lineAdder(lines: Line[]) {
  return {
    add: (text: string, options: Omit<Line, "text"> = {}) => {
      for (const part of wrap(text)) lines.push({ text: part, ...options });
    },
    gap: () => lines.push({ text: "" }),
  };
}

/** The lines as a PDF file's bytes: A4 pages, each but a one-page document's footed with `label, page n of m`. */
export function textPdf(all: readonly Line[], meta: { title: string; author: string; label: string }): Buffer {
  const pages: Line[][] = [];
  for (let i = 0; i < all.length; i += LINES_PER_PAGE) pages.push(all.slice(i, i + LINES_PER_PAGE));
  if (pages.length === 0) pages.push([]);
  pages.forEach((page, index) => {
    if (pages.length > 1) page.push({ text: "" }, { text: `${meta.label}, page ${index + 1} of ${pages.length}` });
  });
  // Objects: 1 catalog, 2 pages, 3 and 4 the fonts, 5 the info; then each page and its content.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title ${pdfString(meta.title)} /Author ${pdfString(meta.author)} /Producer (Kinetic billing) >>`;
  pages.forEach((page, i) => {
    const content = pageContent(page);
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;
  });

  // The header's second line carries bytes above 127, so a reader treats the file as binary.
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * A document's PDF as the answer of a route: shown in the browser under its file name, stored by no
 * cache (it names a client and amounts) and indexed by no search engine.
 */
export function pdfResponse(file: { filename: string; bytes: Buffer }): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
