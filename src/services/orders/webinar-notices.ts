/**
 * The daily job's webinar messages, to everyone who owns the webinar (an entitlement from a paid
 * or free order; webinars that are free to a member by date are not "booked", so they get none):
 * - webinar-reminder on the London day before it starts (and, catching up a missed run, until it
 *   starts): its date and the way to join, by signing in; never the join link itself;
 * - recording-ready once it has ended and its recording link is in the CMS (the same rule that
 *   shows the recording on its page, webinar-access.ts), for RECORDING_NOTICE_DAYS after the end,
 *   so recordings of old webinars never start a flood of late notices.
 * Both are optional messages (preferences are checked at delivery) and keyed per reader and
 * webinar (`webinar-reminder:<user>:<webinar>:<starts at>`, `recording-ready:<user>:<webinar>`).
 * Each run asks only for the owners who do not have the message yet (an anti-join on that key),
 * so a second run writes nothing, and a recording's 30 days of runs do not write every owner again
 * each day. Each chunk's messages go on the delivery queue as soon as its batch commits, so a run
 * cut off later leaves nothing written waiting for the sweep.
 */
import type { EntitlementStore, WebinarNoticeDue } from "../../adapters/d1/entitlements";
import type { Webinar } from "../../domain/content";
import { londonDate } from "../../shared/london-date";
import type { EmailOutbox, EmailRequest } from "../email/outbox";
import { webinarAccess } from "./webinar-access";

export const RECORDING_NOTICE_DAYS = 30;

const DAY_MS = 86_400_000;
const CHUNK = 50;

export interface WebinarNoticeDeps {
  webinars: () => Promise<Webinar[]>;
  ownersNotYetTold: EntitlementStore["ownersNotYetTold"];
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
}

const startOf = (webinar: Pick<Webinar, "date">) => Date.parse(webinar.date);
const endOf = (webinar: Pick<Webinar, "date" | "durationMinutes">) => startOf(webinar) + Math.max(webinar.durationMinutes, 0) * 60_000;

/** The day before a London day (YYYY-MM-DD). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** Whether the reminder is due at `now`: from the London day before the webinar's day until it starts. */
export function reminderDue(webinar: Pick<Webinar, "date">, now: Date): boolean {
  const start = startOf(webinar);
  if (Number.isNaN(start) || now.getTime() >= start) return false;
  return londonDate(now) >= dayBefore(londonDate(new Date(start)));
}

/** Whether the recording notice is due at `now`: ended, recording link present, within RECORDING_NOTICE_DAYS of the end. */
export function recordingNoticeDue(webinar: Pick<Webinar, "date" | "durationMinutes" | "access">, now: Date): boolean {
  const end = endOf(webinar);
  if (Number.isNaN(end) || now.getTime() >= end + RECORDING_NOTICE_DAYS * DAY_MS) return false;
  return webinarAccess(webinar, webinar.access, "owned", now).kind === "recording";
}

/** Writes the reminders and recording notices due at `now`, queueing each chunk's as it commits; returns how many. */
export async function sendWebinarNotices(deps: WebinarNoticeDeps, now: Date): Promise<{ reminders: number; recordings: number }> {
  const webinars = await deps.webinars();
  const reminding = webinars.filter((w) => reminderDue(w, now));
  const recorded = webinars.filter((w) => recordingNoticeDue(w, now));
  const byId = new Map(webinars.map((w) => [w.id, w]));
  // The events of dedupe-key.ts after the reader's user id: `<user>:<webinar>[:<starts at>]`.
  const notices: WebinarNoticeDue[] = [
    ...reminding.map((w) => ({ webinarId: w.id, kind: "webinar-reminder" as const, keyAfterUser: `:${w.id}:${w.date}` })),
    ...recorded.map((w) => ({ webinarId: w.id, kind: "recording-ready" as const, keyAfterUser: `:${w.id}` })),
  ];
  const owners = await deps.ownersNotYetTold(notices);

  const requests: EmailRequest[] = owners.map((owner): EmailRequest => {
    const webinar = byId.get(owner.webinarId)!;
    const to = { email: owner.email, userId: owner.userId };
    if (owner.kind === "webinar-reminder") {
      return {
        kind: "webinar-reminder",
        event: `${owner.userId}:${webinar.id}:${webinar.date}`,
        to,
        data: { webinarTitle: webinar.name, webinarSlug: webinar.slug, startsAt: new Date(startOf(webinar)).toISOString(), endsAt: new Date(endOf(webinar)).toISOString() },
      };
    }
    return { kind: "recording-ready", event: `${owner.userId}:${webinar.id}`, to, data: { webinarTitle: webinar.name, webinarSlug: webinar.slug } };
  });

  let reminders = 0;
  let recordings = 0;
  for (let start = 0; start < requests.length; start += CHUNK) {
    const chunk = requests.slice(start, start + CHUNK);
    const prepared = chunk.map((request) => ({ request, email: deps.outbox.prepare(request) }));
    const results = await deps.batch(prepared.flatMap((p) => p.email.statements));
    const written: string[] = [];
    prepared.forEach(({ request, email }, i) => {
      // One statement per message; a repeat (dedupe key already there) inserts nothing.
      if ((results[i]?.meta.changes ?? 0) === 0) return;
      written.push(...email.ids);
      if (request.kind === "webinar-reminder") reminders += 1;
      else recordings += 1;
    });
    await deps.outbox.deliverSoon(written);
  }
  return { reminders, recordings };
}
