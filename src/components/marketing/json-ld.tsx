import { serializeJsonLd, type JsonLd } from "@/lib/json-ld";

/** Structured data in the server HTML, escaped so that no text can close the script early. */
export function JsonLdScript({ data }: { data: JsonLd | readonly JsonLd[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
