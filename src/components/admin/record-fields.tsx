"use client";

import { useState, useTransition } from "react";
import { Field, NativeSelect, TextArea, TextInput } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { deriveMetaTitle, readingTimeMinutes, slugify } from "@/lib/blog";
import { LIMITS } from "@/lib/limits";
import { ADMIN_REVENUE_CHOICES, LEAD_STATUS_LABELS, MESSAGE_STATUS_LABELS } from "@/lib/schemas/admin";
import { AUDIT_REVENUE_BRACKETS, type FieldErrors } from "@/lib/schemas/lead-forms";
import { previewPost } from "@/server/actions/admin";
import type { BlogPost, CaseStudy, ContactMessage, Lead, Testimonial } from "@/server/db/schema";
import { ARTICLE_PROSE } from "@/components/blog/article-prose";
import { ImageField } from "./image-field";

type Errors = { errors: FieldErrors };

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3.5 text-sm font-semibold">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-brand-600" />
      {label}
    </label>
  );
}

function Attribution({ value }: { value: Lead["attribution"] }) {
  const touches = [
    ["First touch", value.first_touch],
    ["Last touch", value.last_touch],
  ] as const;
  const rows = touches.flatMap(([label, t]) =>
    t ? Object.entries(t).filter(([k, v]) => v && k !== "at").map(([k, v]) => [`${label}: ${k.replace(/_/g, " ")}`, String(v)]) : [],
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

export function LeadFields({ record, errors }: Errors & { record: Lead | null }) {
  const revenue = record?.monthlyRevenue ?? "";
  const isFromForm = (AUDIT_REVENUE_BRACKETS as readonly string[]).includes(revenue);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="lead-name" label="Name" error={errors.name} required>
          {(a) => <TextInput {...a} name="name" defaultValue={record?.name} maxLength={LIMITS.personName} />}
        </Field>
        <Field id="lead-email" label="Email" error={errors.email} required>
          {(a) => <TextInput {...a} name="email" type="email" defaultValue={record?.email} maxLength={LIMITS.email} />}
        </Field>
        <Field id="lead-mobile" label="Mobile" error={errors.mobileNumber} required>
          {(a) => <TextInput {...a} name="mobileNumber" type="tel" defaultValue={record?.mobileNumber} maxLength={LIMITS.mobile} />}
        </Field>
        <Field id="lead-website" label="Website" error={errors.websiteUrl}>
          {(a) => <TextInput {...a} name="websiteUrl" type="url" defaultValue={record?.websiteUrl ?? ""} maxLength={LIMITS.url} />}
        </Field>
        <Field id="lead-revenue" label="Monthly revenue" error={errors.monthlyRevenue}>
          {(a) => (
            <NativeSelect {...a} name="monthlyRevenue" defaultValue={revenue}>
              <option value="">Not given</option>
              {ADMIN_REVENUE_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
              {isFromForm && <option value={revenue}>{revenue} (from the audit form)</option>}
            </NativeSelect>
          )}
        </Field>
        <Field id="lead-status" label="Status" error={errors.status} required>
          {(a) => (
            <NativeSelect {...a} name="status" defaultValue={record?.status ?? "new"}>
              {Object.entries(LEAD_STATUS_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field id="lead-challenge" label="Growth challenge" error={errors.growthChallenge}>
        {(a) => <TextArea {...a} name="growthChallenge" rows={3} defaultValue={record?.growthChallenge ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      <Field id="lead-notes" label="Internal notes" error={errors.notes} hint="Only staff see these.">
        {(a) => <TextArea {...a} name="notes" rows={3} defaultValue={record?.notes ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      {record && <Attribution value={record.attribution} />}
    </>
  );
}

export function MessageFields({ record, errors }: Errors & { record: ContactMessage | null }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="message-name" label="Name" error={errors.name} required>
          {(a) => <TextInput {...a} name="name" defaultValue={record?.name} maxLength={LIMITS.personName} />}
        </Field>
        <Field id="message-email" label="Email" error={errors.email} required>
          {(a) => <TextInput {...a} name="email" type="email" defaultValue={record?.email} maxLength={LIMITS.email} />}
        </Field>
        <Field id="message-mobile" label="Mobile" error={errors.mobileNumber} required>
          {(a) => <TextInput {...a} name="mobileNumber" type="tel" defaultValue={record?.mobileNumber} maxLength={LIMITS.mobile} />}
        </Field>
        <Field id="message-company" label="Company" error={errors.company}>
          {(a) => <TextInput {...a} name="company" defaultValue={record?.company ?? ""} maxLength={LIMITS.company} />}
        </Field>
        <Field id="message-status" label="Status" error={errors.status} required>
          {(a) => (
            <NativeSelect {...a} name="status" defaultValue={record?.status ?? "new"}>
              {Object.entries(MESSAGE_STATUS_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field id="message-message" label="Message" error={errors.message} required>
        {(a) => <TextArea {...a} name="message" rows={4} defaultValue={record?.message} maxLength={LIMITS.message} />}
      </Field>
      <Field id="message-notes" label="Internal notes" error={errors.notes} hint="Only staff see these.">
        {(a) => <TextArea {...a} name="notes" rows={3} defaultValue={record?.notes ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      {record && <Attribution value={record.attribution} />}
    </>
  );
}

export function CaseStudyFields({ record, errors }: Errors & { record: CaseStudy | null }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="cs-title" label="Title" error={errors.title} required>
          {(a) => <TextInput {...a} name="title" defaultValue={record?.title} maxLength={LIMITS.title} />}
        </Field>
        <Field id="cs-company" label="Company name" error={errors.companyName} required>
          {(a) => <TextInput {...a} name="companyName" defaultValue={record?.companyName} maxLength={LIMITS.company} />}
        </Field>
        <Field id="cs-industry" label="Industry" error={errors.industry}>
          {(a) => <TextInput {...a} name="industry" defaultValue={record?.industry ?? ""} maxLength={LIMITS.company} />}
        </Field>
        <Field id="cs-timeframe" label="Timeframe" error={errors.timeframe}>
          {(a) => <TextInput {...a} name="timeframe" defaultValue={record?.timeframe ?? "18 months"} maxLength={LIMITS.timeframe} />}
        </Field>
      </div>
      <Field id="cs-challenge" label="Challenge" error={errors.challenge}>
        {(a) => <TextArea {...a} name="challenge" rows={3} defaultValue={record?.challenge ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      <Field id="cs-solution" label="Solution" error={errors.solution}>
        {(a) => <TextArea {...a} name="solution" rows={3} defaultValue={record?.solution ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      <Field id="cs-results" label="Results" error={errors.results}>
        {(a) => <TextArea {...a} name="results" rows={2} defaultValue={record?.results ?? ""} maxLength={LIMITS.longText} />}
      </Field>
      <Field id="cs-metrics" label="Metrics (JSON)" error={errors.metrics} hint='A JSON object of label to value, e.g. {"revenue_growth": "300%", "roas": "4.5x"}.'>
        {(a) => (
          <TextArea
            {...a}
            name="metrics"
            rows={4}
            className="font-mono text-sm"
            defaultValue={record ? JSON.stringify(record.metrics, null, 2) : "{}"}
            spellCheck={false}
          />
        )}
      </Field>
      <Field id="cs-services" label="Services" error={errors.services} hint="Comma-separated.">
        {(a) => <TextInput {...a} name="services" defaultValue={(record?.services ?? ["SEO Optimization", "Paid Ads", "CRO"]).join(", ")} />}
      </Field>
      <Field id="cs-journey" label="Growth journey" error={errors.journey} hint="One step per line.">
        {(a) => <TextArea {...a} name="journey" rows={4} defaultValue={(record?.journey ?? []).join("\n")} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="cs-quote" label="Testimonial quote" error={errors.testimonialQuote}>
          {(a) => <TextArea {...a} name="testimonialQuote" rows={3} defaultValue={record?.testimonialQuote ?? ""} maxLength={LIMITS.longText} />}
        </Field>
        <Field id="cs-quote-author" label="Testimonial author" error={errors.testimonialAuthor}>
          {(a) => <TextInput {...a} name="testimonialAuthor" defaultValue={record?.testimonialAuthor ?? ""} maxLength={LIMITS.shortText} />}
        </Field>
      </div>
      <ImageField id="cs-image" name="imageUrl" label="Image" defaultValue={record?.imageUrl ?? ""} error={errors.imageUrl} />
      <Checkbox name="featured" label="Featured (shown on the home and case studies pages)" defaultChecked={record?.featured ?? false} />
    </>
  );
}

export function TestimonialFields({ record, errors }: Errors & { record: Testimonial | null }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="t-client" label="Client name" error={errors.clientName} required>
          {(a) => <TextInput {...a} name="clientName" defaultValue={record?.clientName} maxLength={LIMITS.personName} />}
        </Field>
        <Field id="t-company" label="Company" error={errors.company} required>
          {(a) => <TextInput {...a} name="company" defaultValue={record?.company} maxLength={LIMITS.company} />}
        </Field>
        <Field id="t-role" label="Role" error={errors.role}>
          {(a) => <TextInput {...a} name="role" defaultValue={record?.role ?? ""} maxLength={LIMITS.role} />}
        </Field>
        <Field id="t-rating" label="Rating" error={errors.rating} required>
          {(a) => (
            <NativeSelect {...a} name="rating" defaultValue={String(record?.rating ?? 5)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {"★".repeat(n)} {n} star{n === 1 ? "" : "s"}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field id="t-content" label="Testimonial" error={errors.content} required>
        {(a) => <TextArea {...a} name="content" rows={4} defaultValue={record?.content} maxLength={LIMITS.longText} />}
      </Field>
      <ImageField id="t-image" name="imageUrl" label="Photo" defaultValue={record?.imageUrl ?? ""} error={errors.imageUrl} />
      <Checkbox name="featured" label="Featured (shown on the home page)" defaultChecked={record?.featured ?? false} />
    </>
  );
}

export const DEFAULT_AUTHOR = "Kinetic Growth Team";

export function BlogPostFields({ record, errors }: Errors & { record: BlogPost | null }) {
  const [title, setTitle] = useState(record?.title ?? "");
  const [slug, setSlug] = useState(record?.slug ?? "");
  const [isSlugEdited, setIsSlugEdited] = useState(Boolean(record));
  const [metaTitle, setMetaTitle] = useState(record?.metaTitle ?? "");
  const [isMetaEdited, setIsMetaEdited] = useState(Boolean(record?.metaTitle));
  const [metaDescription, setMetaDescription] = useState(record?.metaDescription ?? "");
  const [content, setContent] = useState(record?.content ?? "");
  const [preview, setPreview] = useState<string | null>(null);
  const [isPreviewing, startPreview] = useTransition();

  const onTitle = (value: string) => {
    setTitle(value);
    if (!isSlugEdited) setSlug(slugify(value));
    if (!isMetaEdited) setMetaTitle(deriveMetaTitle(value));
  };

  return (
    <>
      <Field id="post-title" label="Title" error={errors.title} required>
        {(a) => <TextInput {...a} name="title" value={title} onChange={(e) => onTitle(e.target.value)} maxLength={LIMITS.title} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="post-slug" label="Slug" error={errors.slug} hint="Made from the title; you can change it." required>
          {(a) => (
            <TextInput
              {...a}
              name="slug"
              value={slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setIsSlugEdited(true);
              }}
              maxLength={LIMITS.slug}
            />
          )}
        </Field>
        <Field id="post-author" label="Author name" error={errors.authorName} required>
          {(a) => <TextInput {...a} name="authorName" defaultValue={record?.authorName ?? DEFAULT_AUTHOR} maxLength={LIMITS.personName} />}
        </Field>
      </div>
      <Field id="post-excerpt" label="Excerpt" error={errors.excerpt}>
        {(a) => <TextArea {...a} name="excerpt" rows={2} defaultValue={record?.excerpt ?? ""} maxLength={LIMITS.excerpt} />}
      </Field>
      <Field
        id="post-content"
        label="Content"
        error={errors.content}
        hint={`HTML or plain text. Reading time: ${content.trim() ? readingTimeMinutes(content) : 0} min.`}
        required
      >
        {(a) => <TextArea {...a} name="content" rows={12} className="font-mono text-sm" value={content} onChange={(e) => setContent(e.target.value)} />}
      </Field>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isPreviewing || !content.trim()}
          onClick={() =>
            startPreview(async () => {
              const result = await previewPost(content);
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
      <Field id="post-tags" label="Tags" error={errors.tags} hint="Comma-separated, e.g. SEO, Paid Ads.">
        {(a) => <TextInput {...a} name="tags" defaultValue={(record?.tags ?? []).join(", ")} />}
      </Field>
      <ImageField id="post-image" name="featuredImageUrl" label="Featured image" defaultValue={record?.featuredImageUrl ?? ""} error={errors.featuredImageUrl} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="post-meta-title" label="Meta title" error={errors.metaTitle} hint={`${metaTitle.length}/${LIMITS.metaTitle} characters`}>
          {(a) => (
            <TextInput
              {...a}
              name="metaTitle"
              value={metaTitle}
              onChange={(e) => {
                setMetaTitle(e.target.value);
                setIsMetaEdited(true);
              }}
              maxLength={LIMITS.metaTitle}
            />
          )}
        </Field>
        <Field
          id="post-meta-description"
          label="Meta description"
          error={errors.metaDescription}
          hint={`${metaDescription.length}/${LIMITS.metaDescription} characters`}
        >
          {(a) => (
            <TextArea {...a} name="metaDescription" rows={2} value={metaDescription} onChange={(e) => setMetaDescription(e.target.value)} maxLength={LIMITS.metaDescription} />
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Checkbox name="published" label="Published" defaultChecked={record?.published ?? false} />
        <Checkbox name="featured" label="Featured" defaultChecked={record?.featured ?? false} />
      </div>
    </>
  );
}
