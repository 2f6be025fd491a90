/**
 * The daily job's part of the membership year (services/maintenance/daily-job.ts runs it with the
 * run's own clock): memberships past their period and grace move to lapsed with the member's
 * message, and renewal reminders go 30 and 7 days before a period ends. Everything is keyed so
 * that a second run the same day, or a run catching up after missed days, writes nothing twice:
 * the lapse happens once (active -> lapsed) and each reminder has its dedupe key
 * (`renewal-reminder:<user>:<period end>:<30|7>`).
 *
 * A membership set to end at its period end (`endsOn`: staff chose it with a refund) was ended on
 * purpose: it gets no reminders, and at the end of its period it lapses without grace and without
 * the "your membership has lapsed, renew" message.
 */
import type { MembershipYearStore, YearMember } from "../../adapters/d1/membership-year";
import type { MembershipTerms } from "../../domain/membership";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { EmailOutbox } from "../email/outbox";
import { DAY_MS, memberState, periodBoundaries } from "./member-state";

export interface MembershipYearDeps {
  store: MembershipYearStore;
  outbox: Pick<EmailOutbox, "prepare">;
  /** Each membership's prices (the CMS), for the amount a renewal costs. */
  terms: () => Promise<Map<string, MembershipTerms>>;
  graceDays: number;
  log: Logger;
}

/** Reminders go this many days before the period ends. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/** How many members' statements go in one D1 batch. */
const CHUNK = 50;

/**
 * The reminder due for a period ending at `periodEnd`, at `now`: the 7-day one from 7 days
 * before the end, else the 30-day one from 30 days before; none before that or once it has
 * ended. A run that missed the 30-day reminder and is already within 7 days sends only the 7-day one.
 */
export function dueReminder(periodEnd: string, now: Date): ReminderDays | null {
  const end = Date.parse(periodEnd);
  const at = now.getTime();
  if (Number.isNaN(end) || at >= end) return null;
  return REMINDER_DAYS.slice().reverse().find((days) => at >= end - days * DAY_MS) ?? null;
}

const nameOf = (member: YearMember) => member.givenName?.trim() || "member";

async function inChunks<T>(items: readonly T[], run: (chunk: readonly T[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) await run(items.slice(start, start + CHUNK));
}

/**
 * Lapses every active membership past its period and grace, each with its membership-lapsed
 * message in the same batch (written only if the record did lapse; none for a membership ended
 * on purpose), then drops the scheduled downgrades of records no longer active and applies those
 * whose renewal has come.
 */
export async function lapseMemberships(deps: MembershipYearDeps, members: readonly YearMember[], now: Date): Promise<{ lapsed: number; ids: string[] }> {
  const due = members.filter(({ record }) => memberState(record, deps.graceDays, now).kind === "lapsed");
  const ids: string[] = [];
  let lapsed = 0;
  await inChunks(due, async (chunk) => {
    const statements: D1PreparedStatement[] = [];
    const written: { at: number; ids: string[] }[] = [];
    for (const member of chunk) {
      const { record } = member;
      const periodEnd = record.periodEnd!;
      // Ended on purpose: it lapses without the "renew" message.
      const email = record.endsOn
        ? null
        : deps.outbox.prepare(
            {
              kind: "membership-lapsed",
              event: `${record.userId}:${periodEnd}`,
              to: { email: record.email, userId: record.userId },
              data: { givenName: nameOf(member), membershipTitle: record.membershipTitle, lapsedOn: londonDate(new Date(periodBoundaries(periodEnd, deps.graceDays)!.graceUntil)) },
            },
            { onlyIf: { afterChange: true } },
          );
      written.push({ at: statements.length, ids: email?.ids ?? [] });
      statements.push(deps.store.lapse(record.userId, periodEnd), ...(email?.statements ?? []));
    }
    const results = await deps.store.batch(statements);
    // Each member's lapse is followed by its message: where the lapse happened, so did the message.
    for (const { at, ids: messageIds } of written) {
      if ((results[at]?.meta.changes ?? 0) === 0) continue;
      lapsed += 1;
      ids.push(...messageIds);
    }
  });
  await deps.store.batch(deps.store.scheduleUpkeep());
  return { lapsed, ids };
}

/**
 * Writes the renewal reminders due today. Card members are told the date and the amount Stripe
 * will take; offline members that their membership ends and how much renewing costs, with the
 * link to /user/membership. The amount is the yearly subscription of the membership the record
 * renews into (a scheduled downgrade's). Reminders are optional messages: delivery holds them back
 * for readers who turned them off (services/email/preferences.ts).
 */
export async function sendRenewalReminders(deps: MembershipYearDeps, members: readonly YearMember[], now: Date): Promise<{ written: number; ids: string[] }> {
  const due = members.flatMap((member) => {
    // Ended on purpose: it will not be renewed, so there is nothing to remind anyone of.
    if (member.record.endsOn) return [];
    const days = member.record.periodEnd ? dueReminder(member.record.periodEnd, now) : null;
    return days ? [{ member, days }] : [];
  });
  if (due.length === 0) return { written: 0, ids: [] };
  const terms = await deps.terms();
  const ids: string[] = [];
  await inChunks(due, async (chunk) => {
    const statements: D1PreparedStatement[] = [];
    const prepared: string[] = [];
    for (const { member, days } of chunk) {
      const { record } = member;
      const renewsAs = record.nextMembership ?? { slug: record.membershipSlug, title: record.membershipTitle };
      const price = terms.get(renewsAs.slug);
      if (!price) {
        deps.log.warn("membership.reminder_skipped", { userId: record.userId, membership: renewsAs.slug, reason: "no such membership in the CMS" });
        continue;
      }
      const email = deps.outbox.prepare(
        {
          kind: "renewal-reminder",
          event: `${record.userId}:${record.periodEnd}:${days}`,
          to: { email: record.email, userId: record.userId },
          data: {
            givenName: nameOf(member),
            membershipTitle: renewsAs.title,
            periodEnd: londonDate(new Date(record.periodEnd!)),
            daysBefore: days,
            paymentMethod: record.paymentMethod,
            amountPence: price.subscriptionPence,
          },
        },
        { onlyIf: deps.store.stillInPeriod(record.userId, record.periodEnd!) },
      );
      statements.push(...email.statements);
      prepared.push(...email.ids);
    }
    if (statements.length === 0) return;
    const results = await deps.store.batch(statements);
    // One statement per message: those that inserted a row are new (a repeat inserts nothing).
    prepared.forEach((id, i) => (results[i]?.meta.changes ?? 0) > 0 && ids.push(id));
  });
  return { written: ids.length, ids };
}
