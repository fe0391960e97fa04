import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";

// /book's "Ask for a call" is the free-audit form asking for a call (docs/decisions/0085): the same
// lead, but staff are told it is a call request and the visitor is thanked for one.
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));

const { submitCallRequest } = await import("@/server/leads/call-request-actions");
const { POST } = await import("@/app/api/forms/[form]/route");
const { leads, notifications } = await import("@/server/kernel/db/schema");
const { CALL_REQUEST_SUCCESS, FREE_AUDIT_SUCCESS } = await import("@/lib/form-messages");

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, rate_limits, acknowledged_senders cascade`);
});

const HOST = "localhost:3999";
const headersFrom = (ip: string) => new Headers({ host: HOST, origin: `http://${HOST}`, referer: `http://${HOST}/book`, "x-forwarded-for": ip });
const fields = (n: number) => ({
  name: `Caller ${n}`,
  email: `caller${n}@brand.in`,
  mobileNumber: "9876543210",
  websiteUrl: "brand.in",
  monthlyRevenue: "50L-1Cr/month",
  growthChallenge: "Weekday mornings suit us.",
});
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
/** What the form's script posts, to /api/forms/<endpoint>. */
async function post(endpoint: string, values: Record<string, string>, ip: string) {
  const body = new URLSearchParams(values).toString();
  const headers = headersFrom(ip);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.set("content-length", String(Buffer.byteLength(body)));
  const response = await POST(new Request(`http://${HOST}/api/forms/${endpoint}`, { method: "POST", body, headers }), {
    params: Promise.resolve({ form: endpoint }),
  });
  return response.json();
}
const mailsOf = async (email: string) => {
  const [lead] = await handle.db.select().from(leads).where(eq(leads.email, email));
  const mails = await handle.db.select().from(notifications).where(eq(notifications.leadId, lead!.id));
  return { lead: lead!, notice: mails.find((m) => m.kind === "lead")!, ack: mails.find((m) => m.kind === "acknowledgement")! };
};

describe("a call request from /book", () => {
  it("without JavaScript: stored as a lead, mailed to staff and thanked as a call request", async () => {
    request.headers = headersFrom("198.51.100.60");
    expect(await submitCallRequest({ status: "idle" }, formOf(fields(1)))).toMatchObject({ status: "success", ...CALL_REQUEST_SUCCESS });
    const { lead, notice, ack } = await mailsOf("caller1@brand.in");
    expect(lead).toMatchObject({ name: "Caller 1", growthChallenge: "Weekday mornings suit us.", status: "new" });
    expect(notice.subject).toBe("New call request: Caller 1 (50L-1Cr/month)");
    expect(notice.textBody).toContain("Type: call");
    expect(ack.subject).toMatch(/^We received your call request: /);
    expect(ack.textBody).toContain("Thank you for asking us to call you.");
    expect(ack.textBody).toContain("Form: Call request");
    expect(ack.textBody).not.toMatch(/growth audit/i);
  });

  it("with JavaScript (/api/forms/call): the same words; /api/forms/audit still asks for an audit", async () => {
    expect(await post("call", fields(2), "198.51.100.61")).toMatchObject({ status: "success", ...CALL_REQUEST_SUCCESS });
    const call = await mailsOf("caller2@brand.in");
    expect(call.notice.subject).toBe("New call request: Caller 2 (50L-1Cr/month)");
    expect(call.ack.textBody).toContain("Thank you for asking us to call you.");

    expect(await post("audit", fields(3), "198.51.100.62")).toMatchObject({ status: "success", ...FREE_AUDIT_SUCCESS });
    const audit = await mailsOf("caller3@brand.in");
    expect(audit.notice.subject).toBe("New growth audit request: Caller 3 (50L-1Cr/month)");
    expect(audit.notice.textBody).toContain("Type: audit");
    expect(audit.ack.textBody).toContain("Thank you for requesting a free growth audit.");
    // Stored alike: the same columns, whichever was asked for.
    const columns = (row: typeof call.lead) => ({
      ...row,
      id: "",
      name: "",
      email: "",
      visitorId: "",
      createdAt: null,
      updatedAt: null,
      stageChangedAt: null,
      attribution: null,
    });
    expect(columns(call.lead)).toEqual(columns(audit.lead));
  });
});
