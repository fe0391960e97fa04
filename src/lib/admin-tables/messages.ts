import type { ContactMessage } from "@/server/kernel/db/schema";
import { LIMITS } from "../limits";
import { AdminMessageSchema, MESSAGE_STATUS_LABELS } from "../schemas/admin";
import { LEAD_DESK, defineTable, filterOf, optionsOf } from "./definition";
import {
  attributionColumns,
  followUpBadges,
  followUpColumns,
  followUpFieldSpecs,
  senderColumns,
  senderFields,
  senderLine,
  senderSorts,
  type InboxDecoration,
} from "./inbox";

export const messagesTable = defineTable<ContactMessage & InboxDecoration>({
  id: "messages",
  table: "contactMessages",
  label: "Contact Messages",
  noun: { one: "contact message", many: "contact messages", title: "Contact Message" },
  access: LEAD_DESK,
  schema: AdminMessageSchema,
  search: ["name", "email", "mobileNumber", "company", "message", "notes"],
  sorts: {
    ...senderSorts<ContactMessage & InboxDecoration>(),
    company: { column: "company", label: "Company" },
    status: { column: "status", label: "Status" },
    follow_up: { column: "followUpOn", label: "Follow-up date" },
  },
  defaultSort: "created_at",
  filter: { column: "status", options: filterOf(MESSAGE_STATUS_LABELS) },
  inbox: true,
  fields: [
    ...senderFields<ContactMessage & InboxDecoration>(),
    { name: "company", label: "Company", control: "text", max: LIMITS.company, half: true },
    { name: "status", label: "Status", control: "select", required: true, options: optionsOf(MESSAGE_STATUS_LABELS), initial: "new", half: true },
    { name: "message", label: "Message", control: "textarea", required: true, rows: 4, max: LIMITS.message },
    { name: "notes", label: "Internal notes", control: "textarea", rows: 3, max: LIMITS.longText, hint: "Only staff see these." },
    ...followUpFieldSpecs<ContactMessage & InboxDecoration>(),
  ],
  extras: ["person", "attribution", "visit"],
  summary: (r) => ({
    title: r.name,
    badges: followUpBadges(r),
    note: r.company ? `(${r.company})` : undefined,
    line: senderLine(r),
    detail: r.message,
    clampDetail: true,
  }),
  csv: [
    ...senderColumns<ContactMessage & InboxDecoration>(),
    { header: "Company", value: (r) => r.company },
    { header: "Message", value: (r) => r.message },
    { header: "Status", value: (r) => r.status },
    { header: "Notes", value: (r) => r.notes },
    ...followUpColumns<ContactMessage & InboxDecoration>(),
    ...attributionColumns<ContactMessage & InboxDecoration>(),
  ],
});
