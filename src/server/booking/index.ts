// The booking feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { calendarSyncTick } from "./calendar-sync/job";
export { calendarSyncJob, calendarWriteJob } from "./calendar-sync/sync";
export { queueCalendarWrite } from "./data/calendar";
export { listUpcomingBookings, type BookingListItem } from "./data/bookings";
export { bookingHoldsJob, bookingReminderJob } from "./job";
export { bookingUid } from "./mails";
