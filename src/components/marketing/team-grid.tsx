import { PersonPicture } from "./illustrated-avatar";
import { cn } from "@/lib/cn";
import type { TeamMember } from "@/server/content/data/authors";

/**
 * The people, one card each: the photo uploaded in the dashboard, else the drawn portrait from their
 * name (src/lib/avatar.ts: shapes, no letter, nothing that passes for a photo), the name, the role
 * and their one line. Server-rendered: no script. `level`: the names' heading level under the section's.
 */
export function TeamGrid({ members, level = 3, className }: { members: readonly TeamMember[]; level?: 2 | 3; className?: string }) {
  const Name = level === 2 ? "h2" : "h3";
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {members.map((member) => (
        <li key={member.name} data-testid="team-person" className="flex gap-5 rounded-card border border-line bg-surface p-6 shadow-card sm:p-7">
          <PersonPicture name={member.name} photoUrl={member.photoUrl} size={80} className="size-20" />
          <div className="min-w-0">
            <Name className="text-lg font-bold text-ink">{member.name}</Name>
            {member.role && <p className="font-medium text-brand-700">{member.role}</p>}
            {member.teamLine && <p className="mt-2 text-sm leading-relaxed text-ink-soft">{member.teamLine}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
