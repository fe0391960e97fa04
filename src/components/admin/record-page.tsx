"use client";

import { adminTable } from "@/lib/admin-tables/registry";
import type { DeskMember, FieldOption } from "@/lib/admin-tables/definition";
import { RecordFields } from "./record-fields";
import { RecordForm } from "./record-form";

/**
 * A record's create or edit form on its own address (`?new=1`, `?edit=<id>`): what the list's Add
 * and Edit links open without JavaScript, and an address to send a colleague. The same form as the
 * list's dialog.
 */
export function RecordPage({
  tableId,
  record,
  listHref,
  siteName,
  members,
  statuses,
  version,
}: {
  /** Changes with the stored record: after a save the fields start again from it. */
  version: string;
  tableId: string;
  record: ({ id: string } & Record<string, unknown>) | null;
  listHref: string;
  siteName: string;
  members: readonly DeskMember[];
  /** The status options when they are data (a lead's stages). */
  statuses?: readonly FieldOption[];
}) {
  const table = adminTable(tableId)!;
  return (
    <section
      aria-labelledby="record-form-title"
      className={`mt-6 rounded-card border border-line bg-surface shadow-lift ${table.wide ? "max-w-3xl" : "max-w-lg"}`}
    >
      <h2 id="record-form-title" className="border-b border-line px-6 pt-5 pb-4 text-lg font-bold">
        {record ? "Edit" : "Add"} {table.noun.title}
      </h2>
      <RecordForm table={table} id={record?.id ?? null} cancelHref={listHref}>
        {({ errors, typed }) => (
          <RecordFields key={version} table={table} record={record} errors={errors} typed={typed} siteName={siteName} members={members} statuses={statuses} />
        )}
      </RecordForm>
    </section>
  );
}
