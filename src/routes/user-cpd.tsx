/**
 * The signed-in user's CPD log (every address needs a session and touches only the user's own
 * entries: another member's entry or certificate id is a 404):
 *   GET  /user/cpd?year=YYYY                     the log for a year (this year by default)
 *   GET/POST /user/cpd/new                       add an external activity
 *   GET/POST /user/cpd/entries/:id               edit an entry (a webinar entry: confirm it with a reflection)
 *   POST /user/cpd/entries/:id/delete            delete an entry (not one with a certificate)
 *   POST /user/cpd/entries/:id/certificate       issue (or open) a confirmed webinar entry's certificate
 *   GET  /user/cpd/certificates/:id              the printable certificate
 *   GET  /user/cpd/export.csv?year=YYYY          a year as CSV
 *   GET  /user/cpd/summary?year=YYYY             a printable yearly summary
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { parseLogYear } from "../shared/cpd-form";
import { hrefs } from "../shared/links";
import { londonDate } from "../shared/london-date";
import type { SignedInEnv } from "../types";
import { CpdCertificateContent } from "../views/cpd/cpd-certificate-content";
import { CpdEntryFormContent } from "../views/cpd/cpd-entry-form-content";
import { CpdLogContent, type CpdNotice } from "../views/cpd/cpd-log-content";
import { CpdSummaryContent } from "../views/cpd/cpd-summary-content";
import type { CpdEntry } from "../domain/cpd";
import type { FieldProblem } from "../views/forms/error-summary";

const NOTICES = new Set(["added", "saved", "deleted"]);

function yearQuery(c: Context<SignedInEnv>): number {
  const year = parseLogYear(c.req.query("year"), c.var.services.cpd.log.thisYear());
  if (year === null) throw new AppError("BAD_REQUEST", "The year must be written as four digits, like 2026, and not be after next year");
  return year;
}

const userId = (c: Context<SignedInEnv>) => c.var.session.userId;

async function societyName(c: Context<SignedInEnv>) {
  const layout = await c.var.services.content.layout();
  return { layout, societyName: layout.footer.contactFields.organizationName ?? c.var.config.site.name };
}

/** The entry form, empty, filled from the entry, or sent back with problems (status 400). */
async function entryForm(c: Context<SignedInEnv>, entry: CpdEntry | null, sent: { values: Record<string, string>; problems: FieldProblem[] } | null = null) {
  const layout = await c.var.services.content.layout();
  const title = entry === null ? "Add an activity" : entry.source === "manual" ? "Edit an activity" : entry.confirmedAt ? "Your reflection" : "Confirm a webinar";
  return c.render(
    <CpdEntryFormContent entry={entry} values={sent?.values ?? null} problems={sent?.problems ?? []} today={c.var.services.cpd.log.today()} csrfToken={await c.var.csrfToken()} />,
    {
      layout,
      head: { pageTitle: sent ? `There is a problem — ${title}` : title, noindex: true },
      section: "userSettings",
      isPrivate: true,
      status: sent ? 400 : 200,
    },
  );
}

/** The posted form's text fields (anything else, such as a file, is ignored). */
async function formFields(c: Context<SignedInEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((pair): pair is [string, string] => typeof pair[1] === "string"));
}

const yearOfEntry = (entry: CpdEntry | null) => (entry ? Number(entry.activityDate.slice(0, 4)) : undefined);
const back = (entry: CpdEntry | null, notice: string) => `${hrefs.cpd(yearOfEntry(entry))}${yearOfEntry(entry) === undefined ? "?" : "&"}${notice}=1`;

export const userCpdRoutes = new Hono<SignedInEnv>()
  .get("/user/cpd", async (c) => {
    const year = yearQuery(c);
    const [layout, { log, years, toConfirm }, name] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.cpd.log.year(userId(c), year),
      c.var.services.cpd.certificates.holderName(userId(c)),
    ]);
    const notice = (Object.keys(c.req.query()).find((key) => NOTICES.has(key)) ?? null) as CpdNotice;
    return c.render(<CpdLogContent log={log} years={years} toConfirm={toConfirm} notice={notice} nameOnRecord={name !== null} csrfToken={await c.var.csrfToken()} />, {
      layout,
      head: { pageTitle: "My CPD log", noindex: true },
      section: "userSettings",
      isPrivate: true,
    });
  })
  .get("/user/cpd/new", (c) => entryForm(c, null))
  .post("/user/cpd/new", async (c) => {
    const values = await formFields(c);
    const outcome = await c.var.services.cpd.log.addManual(userId(c), values);
    if (!outcome.ok) return entryForm(c, null, { values, problems: outcome.problems });
    return c.redirect(back(outcome.entry, "added"), 303);
  })
  .get("/user/cpd/entries/:id", async (c) => entryForm(c, await c.var.services.cpd.log.entry(userId(c), c.req.param("id"))))
  .post("/user/cpd/entries/:id", async (c) => {
    const values = await formFields(c);
    const outcome = await c.var.services.cpd.log.update(userId(c), c.req.param("id"), values);
    if (!outcome.ok) return entryForm(c, await c.var.services.cpd.log.entry(userId(c), c.req.param("id")), { values, problems: outcome.problems });
    return c.redirect(back(outcome.entry, "saved"), 303);
  })
  .post("/user/cpd/entries/:id/delete", async (c) => {
    const entry = await c.var.services.cpd.log.entry(userId(c), c.req.param("id"));
    await c.var.services.cpd.log.remove(userId(c), entry.id);
    return c.redirect(back(entry, "deleted"), 303);
  })
  .post("/user/cpd/entries/:id/certificate", async (c) => {
    const body = await c.req.parseBody();
    const certificate = await c.var.services.cpd.certificates.issue(userId(c), c.req.param("id"), body.holderName, await c.var.buyer());
    return c.redirect(hrefs.cpdCertificate(certificate.id), 303);
  })
  .get("/user/cpd/certificates/:id", async (c) => {
    const [{ layout, societyName: society }, certificate] = await Promise.all([societyName(c), c.var.services.cpd.certificates.own(userId(c), c.req.param("id"))]);
    return c.render(<CpdCertificateContent certificate={certificate} societyName={society} siteUrl={c.var.config.site.url} />, {
      layout,
      head: { pageTitle: "CPD certificate", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/user/cpd/export.csv", async (c) => {
    const year = yearQuery(c);
    const csv = await c.var.services.cpd.log.exportYear(userId(c), year);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cpd-log-${year}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  })
  .get("/user/cpd/summary", async (c) => {
    const year = yearQuery(c);
    const session = c.var.session;
    const [{ layout, societyName: society }, { log }, name] = await Promise.all([
      societyName(c),
      c.var.services.cpd.log.year(session.userId, year),
      c.var.services.cpd.certificates.holderName(session.userId),
    ]);
    return c.render(<CpdSummaryContent log={log} holderName={name ?? session.email ?? ""} societyName={society} printedOn={londonDate(new Date())} />, {
      layout,
      head: { pageTitle: `CPD summary ${year}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  });
