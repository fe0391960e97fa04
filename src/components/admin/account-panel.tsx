import { endOtherSessionsAction, endSessionAction } from "@/server/team/team-actions";
import { listMySessions } from "@/server/kernel/session/data/sessions";
import { ActionForm, ChangePasswordForm } from "./team-forms";
import { formatAdminDate } from "@/lib/format";
import { PanelSection } from "./panel-section";

/** Your account: where you are signed in (each can be ended) and your password. */
export async function AccountPanel() {
  const sessions = await listMySessions();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="space-y-10">
      <PanelSection id="sessions" title="Where you are signed in">
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface" aria-label="Your sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm" data-testid="session">
              <span>
                <strong>{s.browser}</strong> on {s.device} · {s.address} · last seen {formatAdminDate(s.lastSeen)}
                {s.current && <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800">This browser</span>}
              </span>
              {!s.current && <ActionForm action={endSessionAction} hidden={{ id: s.id }} label="End" variant="ghost" />}
            </li>
          ))}
        </ul>
        {others > 0 && (
          <div className="mt-3">
            <ActionForm action={endOtherSessionsAction} hidden={{}} label={`End the ${others} other session${others === 1 ? "" : "s"}`} />
          </div>
        )}
      </PanelSection>
      <PanelSection id="password" title="Password">
        <div className="mt-3">
          <ChangePasswordForm />
        </div>
      </PanelSection>
    </div>
  );
}
