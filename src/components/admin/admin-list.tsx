"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { toast } from "sonner";
import type { z } from "zod";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader } from "@/components/ui/dialog";
import { formatAdminDate } from "@/lib/format";
import {
  AdminLeadSchema,
  AdminMessageSchema,
  BlogPostSchema,
  CaseStudySchema,
  LEAD_STATUS_LABELS,
  MESSAGE_STATUS_LABELS,
  TestimonialSchema,
} from "@/lib/schemas/admin";
import { deleteRecord, setInboxStatus, type AdminKind } from "@/server/actions/admin";
import type { BlogPost, CaseStudy, ContactMessage, Lead, Testimonial } from "@/server/db/schema";
import { BlogPostFields, CaseStudyFields, LeadFields, MessageFields, TestimonialFields } from "./record-fields";
import { RecordForm } from "./record-form";

type AnyRecord = Lead | ContactMessage | CaseStudy | Testimonial | BlogPost;

interface KindConfig {
  noun: string;
  schema: z.ZodType;
  title: (r: AnyRecord) => string;
  wide?: boolean;
}

const KINDS: Record<AdminKind, KindConfig> = {
  lead: { noun: "Lead", schema: AdminLeadSchema, title: (r) => (r as Lead).name },
  message: { noun: "Contact Message", schema: AdminMessageSchema, title: (r) => (r as ContactMessage).name },
  caseStudy: { noun: "Case Study", schema: CaseStudySchema, title: (r) => (r as CaseStudy).title, wide: true },
  testimonial: { noun: "Testimonial", schema: TestimonialSchema, title: (r) => (r as Testimonial).clientName },
  blogPost: { noun: "Blog Post", schema: BlogPostSchema, title: (r) => (r as BlogPost).title, wide: true },
};

function Fields({ kind, record, errors }: { kind: AdminKind; record: AnyRecord | null; errors: Record<string, string | undefined> }) {
  switch (kind) {
    case "lead":
      return <LeadFields record={record as Lead | null} errors={errors} />;
    case "message":
      return <MessageFields record={record as ContactMessage | null} errors={errors} />;
    case "caseStudy":
      return <CaseStudyFields record={record as CaseStudy | null} errors={errors} />;
    case "testimonial":
      return <TestimonialFields record={record as Testimonial | null} errors={errors} />;
    case "blogPost":
      return <BlogPostFields record={record as BlogPost | null} errors={errors} />;
  }
}

function StatusSelect({ kind, record }: { kind: "lead" | "message"; record: Lead | ContactMessage }) {
  const router = useRouter();
  const [isSaving, start] = useTransition();
  const labels: Record<string, string> = kind === "lead" ? LEAD_STATUS_LABELS : MESSAGE_STATUS_LABELS;
  return (
    <select
      aria-label={`Status of ${record.name}`}
      defaultValue={record.status}
      disabled={isSaving}
      className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm"
      onChange={(e) => {
        const status = e.target.value;
        start(async () => {
          const result = await setInboxStatus(kind, record.id, status);
          if (result.ok) {
            toast.success(result.message);
            router.refresh();
          } else toast.error(result.title ?? "Error", { description: result.message });
        });
      }}
    >
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

function Summary({ kind, record, isNew }: { kind: AdminKind; record: AnyRecord; isNew: boolean }) {
  switch (kind) {
    case "lead": {
      const r = record as Lead;
      return (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {r.name} {isNew && <Badge tone="accent">New</Badge>}
          </p>
          <p className="text-sm text-ink-soft">
            <a className="hover:underline" href={`mailto:${r.email}`}>
              {r.email}
            </a>{" "}
            · {r.mobileNumber}
            {r.websiteUrl ? ` · ${r.websiteUrl}` : ""}
          </p>
          <p className="text-sm text-muted">{[r.monthlyRevenue, r.growthChallenge].filter(Boolean).join(" — ")}</p>
        </div>
      );
    }
    case "message": {
      const r = record as ContactMessage;
      return (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {r.name}
            {r.company ? <span className="font-normal text-ink-soft">({r.company})</span> : null} {isNew && <Badge tone="accent">New</Badge>}
          </p>
          <p className="text-sm text-ink-soft">
            <a className="hover:underline" href={`mailto:${r.email}`}>
              {r.email}
            </a>{" "}
            · {r.mobileNumber}
          </p>
          <p className="line-clamp-2 text-sm text-muted">{r.message}</p>
        </div>
      );
    }
    case "caseStudy": {
      const r = record as CaseStudy;
      return (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {r.title} {r.featured && <Badge>Featured</Badge>}
          </p>
          <p className="text-sm text-ink-soft">
            {r.companyName}
            {r.industry ? ` · ${r.industry}` : ""}
          </p>
        </div>
      );
    }
    case "testimonial": {
      const r = record as Testimonial;
      return (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {r.clientName} {r.featured && <Badge>Featured</Badge>}
          </p>
          <p className="text-sm text-ink-soft">
            {[r.role, r.company].filter(Boolean).join(", ")} ·{" "}
            <span className="inline-flex items-center gap-0.5 text-accent-600" aria-label={`${r.rating} out of 5 stars`}>
              {Array.from({ length: r.rating }, (_, i) => (
                <Star key={i} className="size-3.5 fill-current" aria-hidden="true" />
              ))}
            </span>
          </p>
          <p className="line-clamp-2 text-sm text-muted">{r.content}</p>
        </div>
      );
    }
    case "blogPost": {
      const r = record as BlogPost;
      return (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {r.title} {r.published ? <Badge tone="success">Published</Badge> : <Badge tone="muted">Draft</Badge>}
            {r.featured && <Badge>Featured</Badge>}
          </p>
          <p className="text-sm text-ink-soft">
            /blog/{r.slug} · {r.authorName}
            {r.readingTime ? ` · ${r.readingTime} min read` : ""}
          </p>
          {r.tags.length > 0 && <p className="text-sm text-muted">{r.tags.join(", ")}</p>}
        </div>
      );
    }
  }
}

/** One tab's list with its create, edit and delete dialogs. */
export function AdminList({
  kind,
  rows,
  newSince,
  emptyText,
}: {
  kind: AdminKind;
  rows: AnyRecord[];
  newSince: string | null;
  emptyText: string;
}) {
  const router = useRouter();
  const config = KINDS[kind];
  const [editing, setEditing] = useState<{ record: AnyRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyRecord | null>(null);
  const [isDeleting, startDelete] = useTransition();
  const since = newSince ? new Date(newSince).getTime() : null;

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing({ record: null })}>
          <Plus aria-hidden="true" />
          Add {config.noun}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface p-10 text-center text-ink-soft">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface" aria-label={`${config.noun} list`}>
          {rows.map((record) => {
            const isNew = since !== null && (kind === "lead" || kind === "message") && new Date(record.createdAt).getTime() > since;
            return (
              <li key={record.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <Summary kind={kind} record={record} isNew={isNew} />
                  <p className="text-xs text-muted">{formatAdminDate(record.createdAt)}</p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  {(kind === "lead" || kind === "message") && <StatusSelect kind={kind} record={record as Lead | ContactMessage} />}
                  <Button variant="outline" size="sm" onClick={() => setEditing({ record })} aria-label={`Edit ${config.title(record)}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(record)} aria-label={`Delete ${config.title(record)}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && (
          <DialogContent wide={config.wide}>
            <DialogHeader title={`${editing.record ? "Edit" : "Add"} ${config.noun}`} />
            <RecordForm kind={kind} id={editing.record?.id ?? null} schema={config.schema} onDone={() => setEditing(null)}>
              {(errors) => <Fields kind={kind} record={editing.record} errors={errors} />}
            </RecordForm>
          </DialogContent>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you absolutely sure?"
        description={deleting ? `This action cannot be undone. This will permanently delete "${config.title(deleting)}".` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={isDeleting}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          startDelete(async () => {
            const result = await deleteRecord(kind, target.id);
            if (result.ok) toast.success(result.message);
            else toast.error(result.title ?? "Error", { description: result.message });
            setDeleting(null);
            router.refresh(); // every list and count reloads
          });
        }}
      />
    </>
  );
}
