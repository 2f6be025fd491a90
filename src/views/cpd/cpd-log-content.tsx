/**
 * /user/cpd: the signed-in user's CPD log for one year: webinars waiting to be confirmed, the
 * year's totals per category and against the society's target, every entry with its actions
 * (edit or confirm, certificate, delete), the CSV export and the printable summary. Plain links
 * and forms: it all works without JavaScript.
 */
import { CPD_CATEGORIES, certificateNumber, type CpdEntry, type CpdYear } from "../../domain/cpd";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { ScreenTitle } from "../components/screen-title";
import { entryStatus, hoursInWords, progressInWords } from "./cpd-words";

export type CpdNotice = "added" | "saved" | "deleted" | null;

export interface CpdLogContentProps {
  log: CpdYear;
  years: readonly number[];
  toConfirm: readonly CpdEntry[];
  notice: CpdNotice;
  /** The Guild has the user's name (a member's): otherwise a certificate asks for it. */
  nameOnRecord: boolean;
  csrfToken: string;
}

const NOTICES: Record<Exclude<CpdNotice, null>, string> = {
  added: "The activity is in your log.",
  saved: "Your changes are saved.",
  deleted: "The entry is deleted.",
};

function EntryActions({ entry, nameOnRecord, csrfToken }: { entry: CpdEntry; nameOnRecord: boolean; csrfToken: string }) {
  const named = <span className="visually-hidden">: {entry.title}</span>;
  return (
    <ul className="link-list">
      <li>
        <a href={hrefs.cpdEntry(entry.id)}>
          {entry.source === "manual" ? "Edit" : entry.confirmedAt ? (entry.reflection ? "Edit reflection" : "Add a reflection") : "Confirm"}
          {named}
        </a>
      </li>
      {entry.certificate ? (
        <li>
          <a href={hrefs.cpdCertificate(entry.certificate.id)}>
            Certificate {certificateNumber(entry.certificate.number)}
            {entry.certificate.revoked ? " (revoked)" : null}
          </a>
        </li>
      ) : entry.source === "webinar" && entry.confirmedAt ? (
        <li>
          <form method="post" action={`${hrefs.cpdEntry(entry.id)}/certificate`} className="inline-form">
            <input type="hidden" name="csrfToken" value={csrfToken} />
            {nameOnRecord ? null : (
              <div className="field">
                <label className="field__label" htmlFor={`holder-${entry.id}`}>
                  Your name for the certificate
                </label>
                <input className="field__input" id={`holder-${entry.id}`} name="holderName" type="text" autoComplete="name" maxLength={120} required />
              </div>
            )}
            <button type="submit" className="button button--secondary">
              Get certificate{named}
            </button>
          </form>
        </li>
      ) : null}
      {entry.certificate ? null : (
        <li>
          <form method="post" action={`${hrefs.cpdEntry(entry.id)}/delete`} className="inline-form">
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <button type="submit" className="button button--secondary">
              Delete{named}
            </button>
          </form>
        </li>
      )}
    </ul>
  );
}

export function CpdLogContent({ log, years, toConfirm, notice, nameOnRecord, csrfToken }: CpdLogContentProps) {
  return (
    <div className="account-screen cpd-log">
      <ScreenTitle>My CPD log</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}

      {toConfirm.length > 0 ? (
        <section className="screen-section" aria-labelledby="cpd-to-confirm">
          <h2 id="cpd-to-confirm">Webinars to confirm</h2>
          <p>You attended these Guild webinars. Confirm each with a short reflection to count its hours.</p>
          <ul className="link-list">
            {toConfirm.map((entry) => (
              <li key={entry.id}>
                <a href={hrefs.cpdEntry(entry.id)}>{entry.title}</a> (<DateTime value={`${entry.activityDate}T12:00:00Z`} />, {hoursInWords(entry.hoursHundredths)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <nav aria-label="Years of your log" className="screen-section">
        <ul className="link-list">
          {years.map((year) => (
            <li key={year}>
              {year === log.year ? <strong aria-current="page">{year}</strong> : <a href={hrefs.cpd(year)}>{year}</a>}
            </li>
          ))}
        </ul>
      </nav>

      <section className="screen-section" aria-labelledby="cpd-totals">
        <h2 id="cpd-totals">{log.year} in total</h2>
        <p>
          {log.targetHundredths !== null
            ? `Confirmed: ${progressInWords(log.totalHundredths, log.targetHundredths)} of the Guild's yearly target.`
            : `Confirmed: ${hoursInWords(log.totalHundredths)}.`}
        </p>
        {log.byCategory.length > 0 ? (
          <table className="data-table">
            <caption className="visually-hidden">Confirmed hours in {log.year} by category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Hours</th>
              </tr>
            </thead>
            <tbody>
              {log.byCategory.map((row) => (
                <tr key={row.category}>
                  <th scope="row">{CPD_CATEGORIES[row.category]}</th>
                  <td>{hoursInWords(row.hundredths)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <ul className="link-list">
          <li>
            <a className="button" href={hrefs.cpdNewEntry}>
              Add an activity
            </a>
          </li>
          <li>
            <a href={hrefs.cpdExport(log.year)} download>
              Download {log.year} as a spreadsheet (CSV)
            </a>
          </li>
          <li>
            <a href={hrefs.cpdSummary(log.year)}>Printable summary of {log.year}</a>
          </li>
        </ul>
      </section>

      <section className="screen-section" aria-labelledby="cpd-entries">
        <h2 id="cpd-entries">Activities in {log.year}</h2>
        {log.entries.length === 0 ? (
          <p>Nothing recorded for {log.year} yet. Guild webinars and events you attend appear here by themselves; add other learning with "Add an activity".</p>
        ) : (
          <table className="data-table">
            <caption className="visually-hidden">Your activities in {log.year}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Activity</th>
                <th scope="col">Category</th>
                <th scope="col">Hours</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id} data-entry={entry.id}>
                  <td>
                    <DateTime value={`${entry.activityDate}T12:00:00Z`} />
                  </td>
                  <th scope="row">
                    {entry.title}
                    <br />
                    <small>{entry.provider}</small>
                  </th>
                  <td>{CPD_CATEGORIES[entry.category]}</td>
                  <td>{hoursInWords(entry.hoursHundredths)}</td>
                  <td data-entry-status={entry.source}>{entryStatus(entry)}</td>
                  <td>
                    <EntryActions entry={entry} nameOnRecord={nameOnRecord} csrfToken={csrfToken} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
