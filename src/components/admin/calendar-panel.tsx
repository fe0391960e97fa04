import { formatAdminDate } from "@/lib/format";
import { disconnectCalendarAction, testCalendarAction } from "@/server/booking/calendar-actions";
import { myCalendarConnection, pendingWritesOf } from "@/server/booking/data/calendar";
import { ChooseCalendarForm, ConnectCalendarForm } from "./calendar-forms";
import { ActionForm } from "./team-forms";

/**
 * Your calendar (docs/calendar.md): a CalDAV calendar whose busy times the booking page avoids and
 * into which your bookings are written. Its state in words: the calendar in use, the last sync, the
 * last error, writes still waiting.
 */
export async function CalendarPanel() {
  const connection = await myCalendarConnection();
  const pending = connection ? await pendingWritesOf(connection.userId) : [];
  return (
    <section aria-labelledby="calendar-heading" className="space-y-4">
      <div>
        <h2 id="calendar-heading" className="text-lg font-bold">
          Calendar
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Connect your own calendar by CalDAV (Fastmail, iCloud, Nextcloud, Radicale and others): the booking page does not offer times you are busy, and each
          call booked with you is written into it. Google Calendar and Microsoft 365 do not accept a password over CalDAV (see the help page).
        </p>
      </div>
      {connection ? (
        <div className="space-y-4 rounded-2xl border border-line bg-surface p-4 text-sm" data-testid="calendar-status">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted">Server</dt>
            <dd className="break-all">{connection.serverUrl}</dd>
            <dt className="text-muted">User name</dt>
            <dd>{connection.username}</dd>
            <dt className="text-muted">Calendar in use</dt>
            <dd>{connection.calendarName ?? connection.calendarUrl}</dd>
            <dt className="text-muted">Busy times read</dt>
            <dd>{connection.lastSyncedAt ? formatAdminDate(connection.lastSyncedAt) : "not yet"}</dd>
          </dl>
          {connection.lastError && (
            <p role="status" className="rounded-xl border border-danger/40 bg-danger/5 px-3 py-2" data-testid="calendar-error">
              <strong>Last problem</strong>
              {connection.lastErrorAt ? ` (${formatAdminDate(connection.lastErrorAt)})` : ""}: {connection.lastError}
            </p>
          )}
          {pending.length > 0 && (
            <p data-testid="calendar-pending">
              {pending.length === 1 ? "1 booking is" : `${pending.length} bookings are`} waiting to be written into your calendar; the site keeps trying.
            </p>
          )}
          {connection.calendarsFound.length > 1 && <ChooseCalendarForm calendars={connection.calendarsFound} current={connection.calendarUrl} />}
          <div className="flex flex-wrap gap-3">
            <ActionForm action={testCalendarAction} hidden={{}} label="Test connection" testId="calendar-test" />
            <ActionForm
              action={disconnectCalendarAction}
              hidden={{}}
              label="Disconnect"
              variant="danger"
              confirm="Disconnect your calendar? Its password and busy times are deleted from this site; events already written stay in your calendar."
              testId="calendar-disconnect"
            />
          </div>
        </div>
      ) : (
        <p className="text-sm" data-testid="calendar-status">
          No calendar is connected.
        </p>
      )}
      <ConnectCalendarForm serverUrl={connection?.serverUrl} username={connection?.username} connected={connection !== null} />
    </section>
  );
}
