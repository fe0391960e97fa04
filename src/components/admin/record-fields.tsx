"use client";

import { useState, useTransition, type ReactNode } from "react";
import { ARTICLE_PROSE } from "@/components/blog/article-prose";
import { Field, NativeSelect, TextArea, TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { fieldText, type AdminTableDefinition, type FieldSpec } from "@/lib/admin-tables/definition";
import type { FieldErrors } from "@/lib/form-state";
import type { Attribution as AttributionData } from "@/server/kernel/db/schema";
import type { InboxDecoration } from "@/lib/admin-tables/inbox";
import type { LeadVisit } from "@/lib/admin-tables/lead-visit";
import type { DeskMember, FieldOption } from "@/lib/admin-tables/definition";
import { formatAdminDate } from "@/lib/format";
import { previewContent } from "@/server/dashboard/admin-actions";
import { LeadVisitSection } from "./lead-visit-section";
import { PreviewLinks } from "./preview-links";
import { SeoPanel } from "./seo-panel";
import { HtmlField } from "./html-field";
import { ImageField } from "./image-field";
import { MemberOptions } from "@/components/admin/member-options";

type AnyRow = Record<string, unknown>;
type Spec = FieldSpec<AnyRow>;

function Checkbox({
  name,
  label,
  defaultChecked,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  /** Held by the caller (the writing room, which saves drafts as they change). */
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const held = checked === undefined ? { defaultChecked } : { checked, onChange: (e: { target: { checked: boolean } }) => onChange?.(e.target.checked) };
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3.5 text-sm font-semibold">
      <input type="checkbox" name={name} {...held} className="size-5 accent-brand-600" />
      {label}
    </label>
  );
}

/** A record form's values as text, and the change that keeps derived fields following their source. */
export interface RecordValues {
  values: Record<string, string>;
  change: (name: string, value: string) => void;
}

/**
 * The text of every field of a record form, held so that a derived field (the blog's slug) follows
 * its source until edited and hints can count characters. Checkboxes are held as "on" or "".
 */
export function useRecordValues(table: AdminTableDefinition, record: AnyRow | null, typed: Record<string, string> | null = null): RecordValues {
  const fields = table.fields as readonly Spec[];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.control === "checkbox"
          ? (typed ? typed[f.name] === "on" : record ? Boolean(record[f.name]) : (f.initial ?? false))
            ? "on"
            : ""
          : (typed?.[f.name] ?? fieldText(f, record)),
      ]),
    ),
  );
  // A derived field with a value of its own is the admin's: it no longer follows its source.
  const [edited, setEdited] = useState<Set<string>>(() => new Set(fields.filter((f) => values[f.name]).map((f) => f.name)));

  const change = (name: string, value: string) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      for (const f of fields) {
        if ("derive" in f && f.derive?.from === name && !edited.has(f.name)) next[f.name] = f.derive.with(value);
      }
      return next;
    });
    if (fields.some((f) => f.name === name && "derive" in f && f.derive)) setEdited(new Set(edited).add(name));
  };
  return { values, change };
}

/** A touch's fields as staff read them: the campaign tags by what they mean, not their parameter names. */
const TOUCH_LABELS: Record<string, string> = {
  utm_source: "source",
  utm_medium: "medium",
  utm_campaign: "campaign",
  utm_term: "keyword",
  utm_content: "ad content",
  referrer: "referring site",
  landing_page: "landing page",
  gclid: "Google Ads click",
  fbclid: "Meta ad click",
};

function Attribution({ value }: { value: AttributionData }) {
  const touches = [
    ["First touch", value.first_touch],
    ["Last touch", value.last_touch],
  ] as const;
  const rows = touches.flatMap(([label, t]) =>
    t
      ? Object.entries(t)
          .filter(([k, v]) => v && k !== "at")
          .map(([k, v]) => [`${label}: ${TOUCH_LABELS[k] ?? k.replace(/_/g, " ")}`, String(v)])
      : [],
  );
  if (value.form_page) rows.push(["Form page", value.form_page]);
  if (rows.length === 0) return null;
  return (
    <div className="rounded-xl bg-canvas p-4 text-sm">
      <p className="font-semibold">Attribution</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Everything the same address sent, from both inbox tables, newest first (ADR 0050). */
function PersonSubmissions({ record }: { record: AnyRow }) {
  const person = (record.person as InboxDecoration["person"]) ?? [];
  const href = record.personHref as InboxDecoration["personHref"];
  const pageLink = href && (
    <a href={href} className="font-semibold text-brand-700 hover:underline" data-testid="person-link">
      Person page: everything about {String(record.email)}
    </a>
  );
  if (person.length < 2) return pageLink ? <p className="text-sm">{pageLink}</p> : null;
  return (
    <section aria-label={`Submissions from ${String(record.email)}`} className="rounded-xl bg-canvas p-4 text-sm">
      <p className="font-semibold">
        {person.length} submissions from {String(record.email)}
      </p>
      {pageLink && <p className="mt-1">{pageLink}</p>}
      <ol className="mt-2 space-y-1.5">
        {person.map((p) => (
          <li key={p.id} className="flex flex-wrap gap-x-2">
            <span className="text-muted">{formatAdminDate(p.createdAt)}</span>
            <span className="font-semibold">{p.kind === "lead" ? "Growth audit" : "Contact message"}</span>
            <span>({p.status})</span>
            {p.id === record.id ? <span className="text-muted">this one</span> : <span className="min-w-0 break-words">{p.text}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The server-made preview of an HTML field: exactly what the public page will render (the writing room shows it under the body). */
export function ContentPreview({ tableId, content }: { tableId: string; content: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [isPreviewing, startPreview] = useTransition();
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isPreviewing || !content.trim()}
        onClick={() =>
          startPreview(async () => {
            const result = await previewContent(tableId, content);
            setPreview(result.ok ? result.html : "<p>The preview could not be made.</p>");
          })
        }
      >
        {isPreviewing ? "Preparing preview..." : "Preview"}
      </Button>
      {preview !== null && (
        <section aria-label="Preview" className="mt-3 max-h-80 overflow-y-auto rounded-xl border border-line bg-canvas p-4">
          {/* Sanitised by the server with the same allow-list as the public page. */}
          <div className={ARTICLE_PROSE} data-testid="post-preview" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
    </div>
  );
}

/**
 * A table's dialog fields, laid out from its definition (src/lib/admin-tables). Text values are held
 * here so that a derived field (the blog's slug and meta title) follows its source until edited and
 * hints can count characters.
 */
export function RecordFields({
  table,
  record,
  errors,
  siteName,
  members,
  statuses,
  typed = null,
  held,
  omit = [],
}: {
  table: AdminTableDefinition;
  record: AnyRow | null;
  errors: FieldErrors;
  /** Values held by the caller (the writing room), checkboxes included; else held here. */
  held?: RecordValues;
  /** Fields the caller lays out itself (the writing room's title, cover and body). */
  omit?: readonly string[];
  /** What was typed before an error answer from the server: shown instead of the stored values. */
  typed?: Record<string, string> | null;
  siteName: string;
  /** Who may own a row (the lead desk), for "member" fields. */
  members: readonly DeskMember[];
  /** The status field's options when they are data (a lead's stages, docs/decisions/0067), in order. */
  statuses?: readonly FieldOption[];
}) {
  const fields = (table.fields as readonly Spec[]).filter((f) => !omit.includes(f.name));
  const own = useRecordValues(table, record, typed);
  const { values, change } = held ?? own;

  const control = (f: Spec): ReactNode => {
    const id = `${table.id}-${f.name}`;
    const value = values[f.name] ?? "";
    const hint = typeof f.hint === "function" ? f.hint(value) : f.hint;
    const text = { name: f.name, value, placeholder: f.placeholder, onChange: (e: { target: { value: string } }) => change(f.name, e.target.value) };
    switch (f.control) {
      case "checkbox":
        return (
          <Checkbox
            key={f.name}
            name={f.name}
            label={f.label}
            {...(held
              ? { checked: values[f.name] === "on", onChange: (on: boolean) => change(f.name, on ? "on" : "") }
              : { defaultChecked: typed ? typed[f.name] === "on" : record ? Boolean(record[f.name]) : (f.initial ?? false) })}
          />
        );
      case "image":
        return (
          <ImageField
            key={f.name}
            id={id}
            name={f.name}
            label={f.label}
            defaultValue={value}
            error={errors[f.name]}
            {...(held ? { value, onChange: (next: string) => change(f.name, next) } : {})}
          />
        );
      default:
        return (
          <Field key={f.name} id={id} label={f.label} error={errors[f.name]} hint={hint} required={f.required}>
            {(a) => {
              switch (f.control) {
                case "select": {
                  const options = statuses && table.filter?.column === f.name ? statuses : f.options;
                  const unlisted = value && !options.some((o) => o.value === value) ? f.unlisted?.(value) : null;
                  return (
                    <NativeSelect {...a} {...text}>
                      {options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                      {unlisted && <option value={value}>{unlisted}</option>}
                    </NativeSelect>
                  );
                }
                case "textarea":
                  return <TextArea {...a} {...text} rows={f.rows} maxLength={f.max} className={f.mono ? "font-mono text-sm" : undefined} />;
                case "list":
                  return f.separator === "line" ? <TextArea {...a} {...text} rows={f.rows ?? 4} /> : <TextInput {...a} {...text} />;
                case "date":
                  return <TextInput {...a} {...text} type="date" min="2000-01-01" max="2100-12-31" />;
                case "member": {
                  // An owner who has left the desk stays shown until someone else is chosen.
                  const known = !value || members.some((m) => m.id === value);
                  return (
                    <NativeSelect {...a} {...text}>
                      <option value="">Nobody</option>
                      <MemberOptions members={members} />
                      {!known && <option value={value}>{String(record?.ownerEmail ?? "A former member")}</option>}
                    </NativeSelect>
                  );
                }
                case "datetime":
                  // To the second: a post can be timed to go out exactly on the hour's first second.
                  return <TextInput {...a} {...text} type="datetime-local" step={1} />;
                case "html":
                  return (
                    <HtmlField
                      id={a.id}
                      name={f.name}
                      label={f.label}
                      value={value}
                      onChange={(html) => change(f.name, html)}
                      describedBy={a["aria-describedby"]}
                      invalid={a["aria-invalid"]}
                      rows={f.rows}
                    />
                  );
                case "json":
                  return <TextArea {...a} {...text} rows={f.rows} className="font-mono text-sm" spellCheck={false} />;
                default:
                  return <TextInput {...a} {...text} type={f.control} maxLength={f.max} />;
              }
            }}
          </Field>
        );
    }
  };

  // Consecutive half-width fields (and consecutive checkboxes) share a two-column row.
  const groups: Spec[][] = [];
  for (const f of fields) {
    const last = groups.at(-1);
    const pairs = (g: Spec) => (f.control === "checkbox" ? g.control === "checkbox" : Boolean(f.half && g.half));
    if (last && pairs(last[0]!)) last.push(f);
    else groups.push([f]);
  }

  return (
    <>
      {groups.map((group) =>
        group.length > 1 ? (
          // Two columns only where the form is wide enough (a container query): in the writing room's
          // narrow settings panel a pair of date-and-time fields side by side cut their own values.
          <div key={group[0]!.name} className="@container">
            <div className={group[0]!.control === "checkbox" ? "grid gap-3 @lg:grid-cols-2" : "grid gap-5 @lg:grid-cols-2"}>{group.map(control)}</div>
          </div>
        ) : (
          [
            control(group[0]!),
            group[0]!.control === "html" ? (
              <ContentPreview key={`${group[0]!.name}-preview`} tableId={table.id} content={values[group[0]!.name] ?? ""} />
            ) : null,
          ]
        ),
      )}
      {table.extras?.includes("seo") && <SeoPanel values={values} siteName={siteName} />}
      {record && table.extras?.includes("preview-links") && <PreviewLinks postId={String(record.id)} published={Boolean(record.published)} />}
      {record && table.extras?.includes("person") && <PersonSubmissions record={record} />}
      {record && table.extras?.includes("attribution") && <Attribution value={record.attribution as AttributionData} />}
      {/* Absent when it could not be read (server/leads/data/lead-visits.ts): the record is shown without it. */}
      {record && table.extras?.includes("visit") && record.visit ? <LeadVisitSection visit={record.visit as LeadVisit} idPrefix={table.id} /> : null}
    </>
  );
}
