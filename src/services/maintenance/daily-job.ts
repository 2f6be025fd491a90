/**
 * The daily job (cron `17 3 * * *`), run with the trigger's scheduled time as its clock:
 * housekeeping (old sessions, purge-log rows, Stripe event ids, old e-mails' content), then the membership year
 * (lapses after grace, renewal reminders: as many pages as one invocation may do, the rest on the
 * jobs queue, see membership/year-run.ts), then webinar reminders and recording notices,
 * then what was never paid (stale unpaid orders cancelled, code uses of stale applications
 * released: unpaid-releases.ts), then the directory's grace days (services/directory/listing-grace.ts),
 * then the archive of sent e-mails past the outbox's keeping period (email/archive.ts), then the
 * practitioners' photo files no listing points at that a failed R2 call left (practitioners/photo-sweep.ts).
 * Every part is idempotent, so a second run the same day adds nothing and the next run catches up
 * after a missed one. A part that fails (the CMS down with nothing cached, say) is logged and the
 * others still run; tomorrow's run does what it could not. Every part puts its messages on the
 * e-mail queue batch by batch, as each batch commits, so a run cut off midway leaves nothing it
 * wrote to the sweep (which only catches what the queue loses).
 */
import type { HousekeepingStore } from "../../adapters/d1/housekeeping";
import type { Logger } from "../../log";
import type { PhotoSweep } from "../practitioners/photo-sweep";
import { runMembershipYear, type MembershipYearDeps } from "../membership/year-run";
import { sendWebinarNotices, type WebinarNoticeDeps } from "../orders/webinar-notices";
import { keepListingGrace, type ListingGraceDeps } from "../directory/listing-grace";
import { archiveSentEmails, type ArchiveDeps } from "../email/archive";
import { sendEventReminders, type EventReminderDeps } from "../events/event-reminders";
import { runHousekeeping } from "./housekeeping";
import { releaseUnpaid, type UnpaidReleaseDeps } from "./unpaid-releases";

export interface DailyJobDeps {
  housekeeping: HousekeepingStore;
  year: MembershipYearDeps;
  webinars: WebinarNoticeDeps;
  events: EventReminderDeps;
  directory: ListingGraceDeps;
  unpaid: UnpaidReleaseDeps;
  emailArchive: Omit<ArchiveDeps, "log">;
  practitionerPhotos: PhotoSweep;
  log: Logger;
}

export interface DailyJobReport {
  /** Lapses and reminders this day's run has written so far (all of them once `membershipYearDone`). */
  lapsed: number;
  renewalReminders: number;
  /** False when the membership year goes on in the jobs queue. */
  membershipYearDone: boolean;
  webinarReminders: number;
  recordingNotices: number;
  eventReminders: number;
  cancelledUnpaidOrders: number;
  releasedApplicationUses: number;
  /** Sent e-mails moved from D1 to the archive this run. */
  emailsArchived: number;
  /** Practitioners' photo files deleted that no listing pointed at. */
  photoFilesDeleted: number;
  /** The parts that failed this time (the next run catches them up). */
  failed: string[];
}

export async function runDailyJob(deps: DailyJobDeps, now: Date): Promise<DailyJobReport> {
  const report: DailyJobReport = {
    lapsed: 0,
    renewalReminders: 0,
    membershipYearDone: false,
    webinarReminders: 0,
    recordingNotices: 0,
    eventReminders: 0,
    cancelledUnpaidOrders: 0,
    releasedApplicationUses: 0,
    emailsArchived: 0,
    photoFilesDeleted: 0,
    failed: [],
  };
  const part = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      report.failed.push(name);
      deps.log.error("daily_job.part_failed", { part: name, error });
    }
  };

  await part("housekeeping", async () => void (await runHousekeeping({ store: deps.housekeeping, now: () => now.getTime(), log: deps.log })));
  await part("membership-year", async () => {
    const year = await runMembershipYear(deps.year, now);
    report.lapsed = year.lapsed;
    report.renewalReminders = year.reminders;
    report.membershipYearDone = year.done;
  });
  await part("webinars", async () => {
    const notices = await sendWebinarNotices(deps.webinars, now);
    report.webinarReminders = notices.reminders;
    report.recordingNotices = notices.recordings;
  });
  await part("event-reminders", async () => {
    report.eventReminders = await sendEventReminders(deps.events, now);
  });
  await part("unpaid", async () => {
    const unpaid = await releaseUnpaid(deps.unpaid, now);
    report.cancelledUnpaidOrders = unpaid.cancelledOrders;
    report.releasedApplicationUses = unpaid.releasedApplicationUses;
  });

  await part("directory", async () => void (await keepListingGrace(deps.directory)));
  await part("email-archive", async () => {
    report.emailsArchived = (await archiveSentEmails({ ...deps.emailArchive, log: deps.log }, now)).archived;
  });
  await part("practitioner-photos", async () => {
    report.photoFilesDeleted = (await deps.practitionerPhotos.sweep(20)).deleted;
  });

  deps.log.info("daily_job.done", { at: now.toISOString(), ...report });
  return report;
}
