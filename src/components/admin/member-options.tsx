import type { DeskMember } from "@/lib/admin-tables/definition";

/** The lead desk's members as a select's options (an owner's select), after the caller's own first ones. */
export function MemberOptions({ members }: { members: readonly DeskMember[] }) {
  return members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.label}
    </option>
  ));
}
