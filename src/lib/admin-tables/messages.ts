import type { ContactMessage } from "@/server/db/schema";
import { LIMITS } from "../limits";
import { AdminMessageSchema, MESSAGE_STATUS_LABELS } from "../schemas/admin";
import { LEAD_DESK, defineTable, filterOf, optionsOf } from "./definition";
import { attributionColumns, senderColumns, senderFields, senderLine, senderSorts } from "./inbox";

export const messagesTable = defineTable<ContactMessage>({
  id: "messages",
  table: "contactMessages",
  label: "Contact Messages",
  noun: { one: "contact message", many: "contact messages", title: "Contact Message" },
  access: LEAD_DESK,
  schema: AdminMessageSchema,
  search: ["name", "email", "mobileNumber", "company", "message", "notes"],
  sorts: {
    ...senderSorts<ContactMessage>(),
    company: { column: "company", label: "Company" },
    status: { column: "status", label: "Status" },
  },
  defaultSort: "created_at",
  filter: { column: "status", options: filterOf(MESSAGE_STATUS_LABELS) },
  inbox: true,
  fields: [
    ...senderFields<ContactMessage>(),
    { name: "company", label: "Company", control: "text", max: LIMITS.company, half: true },
    { name: "status", label: "Status", control: "select", required: true, options: optionsOf(MESSAGE_STATUS_LABELS), initial: "new", half: true },
    { name: "message", label: "Message", control: "textarea", required: true, rows: 4, max: LIMITS.message },
    { name: "notes", label: "Internal notes", control: "textarea", rows: 3, max: LIMITS.longText, hint: "Only staff see these." },
  ],
  extras: ["attribution"],
  summary: (r) => ({
    title: r.name,
    note: r.company ? `(${r.company})` : undefined,
    line: senderLine(r),
    detail: r.message,
    clampDetail: true,
  }),
  csv: [
    ...senderColumns<ContactMessage>(),
    { header: "Company", value: (r) => r.company },
    { header: "Message", value: (r) => r.message },
    { header: "Status", value: (r) => r.status },
    { header: "Notes", value: (r) => r.notes },
    ...attributionColumns<ContactMessage>(),
  ],
});
