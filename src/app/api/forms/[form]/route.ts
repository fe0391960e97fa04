import { leadFormOfEndpoint, submitLeadForm } from "@/server/leads/lead-submission";

export const dynamic = "force-dynamic";

/** Far above any honest submission (the longest field is bounded by LIMITS), far below a burden. */
const BODY_LIMIT_BYTES = 64 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

function unread(status: number, message: string): Response {
  return Response.json({ status: "refused", title: "Not sent", message, at: Date.now() }, { status, headers: NO_STORE });
}

// What a public form's script posts (its fields, URL-encoded; multipart is read too), answered with the form's state as JSON:
// the same checks and the same single statement as the form's Server Action, without React's
// action protocol around them (ADR 0017). Every answer the form can show (sent, invalid, refused,
// "Something went wrong") is a 200 whose body says which; only this site's pages may post (Origin).
export async function POST(request: Request, { params }: { params: Promise<{ form: string }> }) {
  const { form: name } = await params;
  const target = leadFormOfEndpoint(name);
  if (!target) return unread(404, "There is no such form.");
  const length = Number(request.headers.get("content-length"));
  if (!(length > 0)) return unread(411, "The form could not be read. Please reload the page and send it again.");
  if (length > BODY_LIMIT_BYTES) return unread(413, "This form is larger than any of our forms accepts. Please shorten it and send it again.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return unread(400, "The form could not be read. Please reload the page and send it again.");
  }
  const state = await submitLeadForm(target.formName, form, { headers: request.headers, originOnly: true }, target.intent);
  return Response.json(state, { headers: NO_STORE });
}
