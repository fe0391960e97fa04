import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { AdminLeadData } from "@/lib/schemas/admin";
import type { AuditFormData } from "@/lib/schemas/lead-forms";
import { requireAdmin } from "../auth-guard";
import { db } from "../db/client";
import { LEAD_STATUSES, leads, type Attribution, type Lead, type LeadStatus } from "../db/schema";
import { env } from "../env";
import { headerSafe } from "../mail";
import { leadNotification } from "../notify";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";
import { storeSubmission, type CountedLimit, type CreatedRow, type RateLimited } from "./submissions";

export type { CreatedRow } from "./submissions";

/**
 * Stores an audit request and its notification in one statement; a repeated key stores nothing.
 * With a rate limit, the submission is counted in the same statement and stored only within it.
 */
export function createLead(data: AuditFormData, attribution: Attribution, submissionKey: string | null): Promise<CreatedRow>;
export function createLead(data: AuditFormData, attribution: Attribution, submissionKey: string | null, rateLimit: CountedLimit): Promise<CreatedRow | RateLimited>;
export function createLead(data: AuditFormData, attribution: Attribution, submissionKey: string | null, rateLimit?: CountedLimit) {
  const body = leadNotification(
    "audit",
    [
      ["Name", data.name],
      ["Email", data.email],
      ["Mobile", data.mobileNumber],
      ["Website", data.websiteUrl],
      ["Monthly revenue", data.monthlyRevenue],
      ["Growth challenge", data.growthChallenge],
    ],
    attribution,
    "/admin?tab=leads",
  );
  return storeSubmission({
    table: leads,
    columns: {
      name: data.name,
      email: data.email,
      mobile_number: data.mobileNumber,
      website_url: data.websiteUrl,
      monthly_revenue: data.monthlyRevenue,
      growth_challenge: data.growthChallenge,
    },
    attribution,
    submissionKey,
    mail: {
      kind: "lead",
      recipients: env().NOTIFY_EMAILS,
      subject: `New growth audit request: ${headerSafe(data.name, 80)} (${data.monthlyRevenue})`,
      text: body.text,
      html: body.html,
      replyTo: data.email,
    },
    rateLimit,
  });
}

// ---- Admin (every function checks the admin role itself: GUIDE rule 2) -------------------------

const LEAD_SEARCH = [leads.name, leads.email, leads.mobileNumber, leads.websiteUrl, leads.growthChallenge, leads.notes];
const LEAD_SORTS = { created_at: leads.createdAt, name: leads.name, email: leads.email, status: leads.status, monthly_revenue: leads.monthlyRevenue };

function leadFilters(params: ListParams) {
  const status = LEAD_STATUSES.find((s) => s === params.status);
  return [searchWhere(params.q, LEAD_SEARCH), status ? eq(leads.status, status) : undefined];
}

export async function listLeadsForAdmin(params: ListParams): Promise<ListResult<Lead>> {
  await requireAdmin();
  return listPage<Lead>({ table: leads, where: leadFilters(params), sortable: LEAD_SORTS, defaultSort: "created_at", params });
}

export async function countLeadsForAdmin(params: ListParams): Promise<number> {
  await requireAdmin();
  return countWhere(leads, and(...leadFilters(params)));
}

/** Every lead that matches, newest first, for the CSV export (bounded). */
export async function exportLeads(params: ListParams, limit = 50_000): Promise<Lead[]> {
  await requireAdmin();
  return db().select().from(leads).where(and(...leadFilters(params))).orderBy(desc(leads.createdAt)).limit(limit);
}

export async function createLeadByAdmin(data: AdminLeadData): Promise<string> {
  await requireAdmin();
  const [row] = await db().insert(leads).values(data).returning({ id: leads.id });
  return row!.id;
}

export async function updateLead(id: string, data: AdminLeadData): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(leads).set(data).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length === 1;
}

export async function setLeadStatus(id: string, status: LeadStatus): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(leads).set({ status }).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length === 1;
}

export async function deleteLead(id: string): Promise<boolean> {
  await requireAdmin();
  const rows = await db().delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length === 1;
}
