"use server";

import type { z } from "zod";
import { AdminLeadSchema, AdminMessageSchema, BlogPostSchema, CaseStudySchema, INVALID_JSON_MESSAGE, TestimonialSchema } from "@/lib/schemas/admin";
import { fieldErrors, type FieldErrors } from "@/lib/schemas/lead-forms";
import { AccessDeniedError } from "../auth-guard";
import { LEAD_STATUSES, MESSAGE_STATUSES } from "../db/schema";
import { createBlogPost, deleteBlogPost, previewBlogContent, SlugTakenError, updateBlogPost } from "../data/blog-posts-admin";
import { createCaseStudy, deleteCaseStudy, updateCaseStudy } from "../data/case-studies-admin";
import { createMessageByAdmin, deleteMessage, setMessageStatus, updateMessage } from "../data/contact-messages";
import { createLeadByAdmin, deleteLead, setLeadStatus, updateLead } from "../data/leads";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "../data/testimonials-admin";
import { errorFields, log } from "../log";
import { unstorableFields } from "@/lib/text-safety";
import { isSameOrigin } from "../request-info";
import { revalidateBlog, revalidateCaseStudies, revalidateTestimonials } from "../revalidate";

export type AdminKind = "lead" | "message" | "caseStudy" | "testimonial" | "blogPost";

export interface AdminResult {
  ok: boolean;
  title?: string;
  message: string;
  fieldErrors?: FieldErrors;
}

/** SPEC §8's words for each kind. */
const NOUN: Record<AdminKind, string> = {
  lead: "lead",
  message: "contact message",
  caseStudy: "case study",
  testimonial: "testimonial",
  blogPost: "blog post",
};
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const DENIED: AdminResult = { ok: false, title: "Access Denied", message: "You don't have admin privileges." };
const FOREIGN: AdminResult = { ok: false, message: "This request must come from the dashboard itself." };
const isUuid = (id: string | null): id is string => typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function values(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

function parse<S extends z.ZodType>(schema: S, form: FormData): { data: z.output<S> } | { errors: FieldErrors } {
  const typed = values(form);
  // NUL, lone surrogates and undecodable bytes: refused with a message, never altered (ADR 0016).
  const unstorable = unstorableFields(typed);
  if (Object.keys(unstorable).length > 0) return { errors: unstorable };
  const result = schema.safeParse(typed);
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}

/** Creates (id null) or updates one record of a kind; answers with the toast to show. */
export async function saveRecord(kind: AdminKind, id: string | null, form: FormData): Promise<AdminResult> {
  if (!(await isSameOrigin())) return FOREIGN;
  if (id !== null && !isUuid(id)) return { ok: false, message: `Failed to save ${NOUN[kind]}. Please try again.` };
  const isNew = id === null;
  const done = (): AdminResult =>
    kind === "blogPost"
      ? { ok: true, message: isNew ? "Blog post created successfully!" : "Blog post updated successfully!" }
      : { ok: true, message: `${capital(NOUN[kind])} ${isNew ? "created" : "updated"} successfully.` };
  const invalid = (errors: FieldErrors): AdminResult =>
    kind === "caseStudy" && errors.metrics === INVALID_JSON_MESSAGE
      ? { ok: false, title: "Invalid JSON", message: INVALID_JSON_MESSAGE, fieldErrors: errors }
      : { ok: false, title: "Please check the form", message: "Some fields need your attention.", fieldErrors: errors };
  const gone: AdminResult = { ok: false, message: `This ${NOUN[kind]} no longer exists. It may have been deleted.` };
  try {
    switch (kind) {
      case "lead": {
        const parsed = parse(AdminLeadSchema, form);
        if ("errors" in parsed) return invalid(parsed.errors);
        if (isNew) await createLeadByAdmin(parsed.data);
        else if (!(await updateLead(id, parsed.data))) return gone;
        return done();
      }
      case "message": {
        const parsed = parse(AdminMessageSchema, form);
        if ("errors" in parsed) return invalid(parsed.errors);
        if (isNew) await createMessageByAdmin(parsed.data);
        else if (!(await updateMessage(id, parsed.data))) return gone;
        return done();
      }
      case "caseStudy": {
        const parsed = parse(CaseStudySchema, form);
        if ("errors" in parsed) return invalid(parsed.errors);
        if (isNew) await createCaseStudy(parsed.data);
        else if (!(await updateCaseStudy(id, parsed.data))) return gone;
        revalidateCaseStudies();
        return done();
      }
      case "testimonial": {
        const parsed = parse(TestimonialSchema, form);
        if ("errors" in parsed) return invalid(parsed.errors);
        if (isNew) await createTestimonial(parsed.data);
        else if (!(await updateTestimonial(id, parsed.data))) return gone;
        revalidateTestimonials();
        return done();
      }
      case "blogPost": {
        const parsed = parse(BlogPostSchema, form);
        if ("errors" in parsed) return invalid(parsed.errors);
        if (isNew) {
          const created = await createBlogPost(parsed.data);
          revalidateBlog([created.slug]);
        } else {
          const updated = await updateBlogPost(id, parsed.data);
          if (!updated) return gone;
          revalidateBlog(updated.slugs);
        }
        return done();
      }
    }
  } catch (error) {
    if (error instanceof AccessDeniedError) return DENIED;
    if (error instanceof SlugTakenError) {
      return { ok: false, title: "Error", message: error.message, fieldErrors: { slug: "This slug is already used by another post. Choose another." } };
    }
    log("error", "admin save failed", { kind, id, ...errorFields(error) });
    // SPEC §8: a blog post failure shows the server's message; the others a fixed text.
    if (kind === "blogPost") return { ok: false, title: "Error", message: error instanceof Error ? error.message : String(error) };
    return { ok: false, title: "Error", message: `Failed to save ${NOUN[kind]}. Please try again.` };
  }
}

export async function deleteRecord(kind: AdminKind, id: string): Promise<AdminResult> {
  const failed: AdminResult = { ok: false, title: "Error", message: `Failed to delete ${NOUN[kind]}. Please try again.` };
  if (!(await isSameOrigin())) return FOREIGN;
  if (!isUuid(id)) return failed;
  try {
    let deleted = false;
    switch (kind) {
      case "lead":
        deleted = await deleteLead(id);
        break;
      case "message":
        deleted = await deleteMessage(id);
        break;
      case "caseStudy":
        deleted = await deleteCaseStudy(id);
        if (deleted) revalidateCaseStudies();
        break;
      case "testimonial":
        deleted = await deleteTestimonial(id);
        if (deleted) revalidateTestimonials();
        break;
      case "blogPost": {
        const row = await deleteBlogPost(id);
        deleted = Boolean(row);
        if (row) revalidateBlog([row.slug]);
        break;
      }
    }
    return deleted ? { ok: true, message: `${capital(NOUN[kind])} deleted successfully.` } : failed;
  } catch (error) {
    if (error instanceof AccessDeniedError) return DENIED;
    log("error", "admin delete failed", { kind, id, ...errorFields(error) });
    return failed;
  }
}

export async function setInboxStatus(kind: "lead" | "message", id: string, status: string): Promise<AdminResult> {
  if (!(await isSameOrigin())) return FOREIGN;
  const failed: AdminResult = { ok: false, title: "Error", message: `Failed to save ${NOUN[kind]}. Please try again.` };
  try {
    if (!isUuid(id)) return failed;
    if (kind === "lead") {
      const valid = LEAD_STATUSES.find((s) => s === status);
      if (!valid || !(await setLeadStatus(id, valid))) return failed;
    } else {
      const valid = MESSAGE_STATUSES.find((s) => s === status);
      if (!valid || !(await setMessageStatus(id, valid))) return failed;
    }
    return { ok: true, message: `${capital(NOUN[kind])} updated successfully.` };
  } catch (error) {
    if (error instanceof AccessDeniedError) return DENIED;
    log("error", "admin status change failed", { kind, id, ...errorFields(error) });
    return failed;
  }
}

export async function previewPost(content: string): Promise<{ ok: boolean; html: string }> {
  // Read-only, but like every action it answers only the dashboard itself.
  if (!(await isSameOrigin())) return { ok: false, html: "" };
  try {
    return { ok: true, html: await previewBlogContent(String(content).slice(0, 250_000)) };
  } catch {
    return { ok: false, html: "" };
  }
}
