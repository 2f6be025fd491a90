/**
 * The daily job's part of the membership year, at any size: memberships past their period and
 * grace move to lapsed with the member's message, then scheduled downgrades are applied, then
 * renewal reminders go 30 and 7 days before a period ends.
 *
 * A run reads only the members it is due to act on, in bounded keyset pages in index order, and
 * writes each page set-based (one statement for the page's lapses, one for its messages) in one
 * batch with the run's progress (daily_job_progress). Each page's messages are queued for delivery
 * as soon as that batch commits. An invocation does at most `pagesPerInvocation` pages, then hands
 * the run to the jobs queue, whose consumer goes on from the recorded position; the sweep restarts
 * a run whose hand-over was lost. A run cut off midway therefore resumes after its last committed
 * page, and everything is keyed so a repeat writes nothing twice: the lapse happens once
 * (active -> lapsed), each message has its dedupe key (`renewal-reminder:<user>:<period end>:<30|7>`).
 *
 * A membership set to end at its period end (`endsOn`: staff chose it with a refund) was ended on
 * purpose: it gets no reminders, and at the end of its period it lapses without grace and without
 * the "your membership has lapsed, renew" message.
 */
import { renewsAutomatically } from "../../shared/renewal-way";
import type { DailyJobProgressStore, YearRunProgress, YearRunStep } from "../../adapters/d1/daily-job-progress";
import type { MembershipYearStore, PeriodPosition, YearMember } from "../../adapters/d1/year-run-store";
import type { MembershipTerms } from "../../domain/membership";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { EmailOutbox, EmailRequest } from "../email/outbox";
import { DAY_MS, memberState, periodBoundaries } from "./member-state";
import { renewalPence } from "./renewal-price";

export interface MembershipYearDeps {
  store: MembershipYearStore;
  progress: DailyJobProgressStore;
  outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">;
  /** Each membership's prices (the CMS), for the amount a renewal costs. */
  terms: () => Promise<Map<string, MembershipTerms>>;
  graceDays: number;
  log: Logger;
  /** Hands the rest of a run to another invocation (the jobs queue). */
  continueLater: (runAt: string) => Promise<void>;
  /** The clock for the progress's own timestamps (not the run's clock). */
  now: () => Date;
  /** Members per page and pages per invocation (YEAR_RUN_LIMITS unless a test says otherwise). */
  limits?: YearRunLimits;
}

export interface YearRunLimits {
  pageSize: number;
  pagesPerInvocation: number;
}

/**
 * 500 members a page keeps a page's read near 300 KB and its message JSON under 1 MB; 40 pages
 * (20,000 members) an invocation stay near 120 D1 queries, far inside the 1,000 an invocation may
 * make, and a few seconds of wall time.
 */
export const YEAR_RUN_LIMITS: YearRunLimits = { pageSize: 500, pagesPerInvocation: 40 };

/** Reminders go this many days before the period ends. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

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

/** What a run has done so far, and whether it is finished. */
export interface YearRunReport {
  runAt: string;
  done: boolean;
  lapsed: number;
  reminders: number;
}

const nameOf = (member: YearMember) => member.givenName?.trim() || "member";
const positionOf = (member: YearMember): PeriodPosition => ({ periodEnd: member.record.periodEnd!, userId: member.record.userId });

/**
 * The run as of `at` (the cron's scheduled time): a run of that time cut off before it finished
 * goes on from where it stopped; otherwise the run starts from the beginning.
 */
export async function runMembershipYear(deps: MembershipYearDeps, at: Date): Promise<YearRunReport> {
  const progress = await deps.progress.start(at.toISOString(), deps.now().toISOString());
  return advance(deps, progress);
}

/** Goes on with a run from where its progress says (the jobs queue's consumer). A finished run is left as it is. */
export async function continueMembershipYear(deps: MembershipYearDeps, runAt: string): Promise<YearRunReport | null> {
  const progress = await deps.progress.get(runAt);
  if (!progress) {
    deps.log.warn("membership_year.unknown_run", { runAt });
    return null;
  }
  return advance(deps, progress);
}

const report = (p: YearRunProgress): YearRunReport => ({ runAt: p.runAt, done: p.part === "done", lapsed: p.lapsed, reminders: p.reminders });

/** One page of a part: the statements to run and where the part goes next. */
interface Page {
  statements: D1PreparedStatement[];
  /** The statements whose `RETURNING id` rows are messages written. */
  messageStatements: number[];
  /** The statement whose changes are the lapses. */
  lapseStatement: number | null;
  next: YearRunStep;
}

async function advance(deps: MembershipYearDeps, start: YearRunProgress): Promise<YearRunReport> {
  const limits = deps.limits ?? YEAR_RUN_LIMITS;
  const at = new Date(start.runAt);
  let progress = start;
  let terms: Map<string, MembershipTerms> | null = null;
  const pageContext = { deps, at, limits, terms: async () => (terms ??= await deps.terms()) };
  for (let pages = 0; progress.part !== "done"; pages++) {
    if (pages === limits.pagesPerInvocation) {
      await deps.continueLater(progress.runAt);
      deps.log.info("membership_year.continued", { runAt: progress.runAt, part: progress.part, pages: progress.pages });
      return report(progress);
    }
    const page = await pageOf(pageContext, progress);
    const results = await deps.store.batch([...page.statements, deps.progress.advance(progress, page.next, deps.now().toISOString())]);
    const written = page.messageStatements.flatMap((i) => (results[i]?.results ?? []).map((row) => (row as { id: string }).id));
    // Counted from the rows the lapse statement returns: D1's `changes` also counts what triggers on
    // memberships write (the directory's listing, the dashboard's counts).
    const lapsed = page.lapseStatement === null ? 0 : (results[page.lapseStatement]?.results ?? []).length;
    // Queued as soon as the page commits, so a run cut off later leaves nothing to the sweep.
    await deps.outbox.deliverSoon(written);
    const moved = (results.at(-1)?.meta.changes ?? 0) > 0;
    if (!moved) {
      // Another worker moved the run first: this page's writes were repeats or its own, keyed either way.
      deps.log.info("membership_year.run_taken", { runAt: progress.runAt, part: progress.part });
      const current = await deps.progress.get(progress.runAt);
      return report(current ?? progress);
    }
    const reminders = progress.part === "reminders" ? written.length : 0;
    progress = { ...progress, ...page.next, pages: progress.pages + 1, lapsed: progress.lapsed + lapsed, reminders: progress.reminders + reminders };
    if (lapsed || reminders) await recordCounts(deps, progress, lapsed, reminders);
  }
  deps.log.info("membership_year.done", { runAt: progress.runAt, pages: progress.pages, lapsed: progress.lapsed, reminders: progress.reminders });
  return report(progress);
}

/**
 * The counts are known only after the page's batch (its statements' results), so they are added
 * in a statement of their own. They are for the report only: nothing reads them to decide.
 */
async function recordCounts(deps: MembershipYearDeps, progress: YearRunProgress, lapsed: number, reminders: number): Promise<void> {
  await deps.store.batch([deps.progress.count(progress.runAt, lapsed, reminders)]);
}

interface PageContext {
  deps: MembershipYearDeps;
  at: Date;
  limits: YearRunLimits;
  terms: () => Promise<Map<string, MembershipTerms>>;
}

function pageOf(context: PageContext, progress: YearRunProgress): Promise<Page> {
  switch (progress.part) {
    case "lapses":
      return lapsePage(context, progress.after);
    case "upkeep":
      return Promise.resolve({ statements: context.deps.store.scheduleUpkeep(), messageStatements: [], lapseStatement: null, next: { part: "reminders", after: null } });
    case "reminders":
      return reminderPage(context, progress.after);
    case "done":
      throw new Error("A finished run has no page");
  }
}

/** Where a part goes after a page of `members`: on after the last, or to `nextPart` once a page comes back short. */
const nextAfter = (members: readonly YearMember[], pageSize: number, part: YearRunStep["part"], nextPart: YearRunStep["part"]) =>
  members.length < pageSize ? { part: nextPart, after: null } : { part, after: positionOf(members.at(-1)!) };

/**
 * A page of memberships past their period and grace: each with its membership-lapsed message
 * (none for a membership ended on purpose), written only while the record is still active with
 * that period end, then the lapse itself under the same condition, in that order in one batch: so
 * the message is written exactly when the lapse happens.
 */
async function lapsePage({ deps, at, limits }: PageContext, after: PeriodPosition | null): Promise<Page> {
  const bounds = { endedBy: new Date(at.getTime() - deps.graceDays * DAY_MS).toISOString(), endedOnPurposeBy: at.toISOString() };
  const members = await deps.store.pastPeriod(bounds, after, limits.pageSize);
  // The query and the one state rule must agree; a record they disagree on is left as it is.
  const due = members.filter(({ record }) => memberState(record, deps.graceDays, at).kind === "lapsed");
  const next = nextAfter(members, limits.pageSize, "lapses", "upkeep");
  if (due.length === 0) return { statements: [], messageStatements: [], lapseStatement: null, next };
  const requests = due
    .filter(({ record }) => !record.endsOn)
    .map((member): EmailRequest & { kind: "membership-lapsed" } => {
      const { record } = member;
      const periodEnd = record.periodEnd!;
      return {
        kind: "membership-lapsed",
        event: `${record.userId}:${periodEnd}`,
        to: { email: record.email, userId: record.userId },
        data: { givenName: nameOf(member), membershipTitle: record.membershipTitle, lapsedOn: londonDate(new Date(periodBoundaries(periodEnd, deps.graceDays)!.graceUntil)) },
      };
    });
  const email = requests.length ? deps.outbox.prepareMany(requests, { onlyIf: { exists: deps.store.stillInPeriod, params: lapseGuard(due) } }) : { statements: [] };
  const statements = [...email.statements, deps.store.lapseMany(due.map(positionOf))];
  return { statements, messageStatements: email.statements.map((_, i) => i), lapseStatement: statements.length - 1, next };
}

/** The guard values of a lapse message: its member's id and period end (the event is `<user>:<period end>`). */
function lapseGuard(members: readonly YearMember[]) {
  const byEvent = new Map(members.map((m) => [`${m.record.userId}:${m.record.periodEnd}`, [m.record.userId, m.record.periodEnd!] as const]));
  return (request: EmailRequest) => byEvent.get(request.event)!;
}

/**
 * A page of the memberships whose period ends within the next 30 days: the reminder each is due
 * (the 30-day or the 7-day one). Card members with a live subscription are told the date
 * and the amount Stripe will take; everyone else (offline, or card with no live subscription:
 * shared/renewal-way.ts) that their membership ends and how much renewing costs, by card or bank
 * transfer, with the link to /user/membership. The amount is the yearly subscription of the membership the record
 * renews into (a scheduled downgrade's). Reminders are optional messages: delivery holds them back
 * for readers who turned them off (services/email/preferences.ts).
 */
async function reminderPage({ deps, at, limits, terms }: PageContext, after: PeriodPosition | null): Promise<Page> {
  const horizon = new Date(at.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS).toISOString();
  const members = await deps.store.endingBetween(at.toISOString(), horizon, after, limits.pageSize);
  const next = nextAfter(members, limits.pageSize, "reminders", "done");
  const due = members.flatMap((member) => {
    const days = member.record.periodEnd && !member.record.endsOn ? dueReminder(member.record.periodEnd, at) : null;
    return days ? [{ member, days }] : [];
  });
  if (due.length === 0) return { statements: [], messageStatements: [], lapseStatement: null, next };
  const prices = await terms();
  type Reminder = EmailRequest & { kind: "renewal-reminder" };
  const guards = new Map<Reminder, readonly [string, string]>();
  const requests = due.flatMap(({ member, days }): Reminder[] => {
    const { record } = member;
    const renewsAs = record.nextMembership ?? { slug: record.membershipSlug, title: record.membershipTitle };
    const price = prices.get(renewsAs.slug);
    if (!price) {
      deps.log.warn("membership.reminder_skipped", { userId: record.userId, membership: renewsAs.slug, reason: "no such membership in the CMS" });
      return [];
    }
    const reminder: Reminder = {
        kind: "renewal-reminder",
        event: `${record.userId}:${record.periodEnd}:${days}`,
        to: { email: record.email, userId: record.userId },
        data: {
          givenName: nameOf(member),
          membershipTitle: renewsAs.title,
          periodEnd: londonDate(new Date(record.periodEnd!)),
          daysBefore: days,
          paymentMethod: record.paymentMethod,
          renewal: renewsAutomatically(record) ? "automatic" : "by-hand",
          amountPence: renewalPence(record, price.subscriptionPence),
        },
      };
    guards.set(reminder, [record.userId, record.periodEnd!]);
    return [reminder];
  });
  if (requests.length === 0) return { statements: [], messageStatements: [], lapseStatement: null, next };
  const email = deps.outbox.prepareMany(requests, {
    onlyIf: { exists: deps.store.stillInPeriod, params: (request) => guards.get(request)! },
  });
  return { statements: email.statements, messageStatements: email.statements.map((_, i) => i), lapseStatement: null, next };
}
