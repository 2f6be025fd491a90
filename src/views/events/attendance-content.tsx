/**
 * /staff/events/{id}/attendance: an online session's attendance. Upload the report the video
 * platform exports and preview it, then import the preview (the file is kept, not sent again),
 * see who stayed long enough, who did not and which
 * addresses match no booking, and mark anyone the report missed by hand. Plain forms: it all
 * works without JavaScript. An in-person event's attendance is its check-in.
 */
import type { Attendee, SocietyEvent } from "../../domain/events";
import type { AttendanceImport, CreditOutcome, ImportedPlace } from "../../domain/event-attendance";
import { PageHeader } from "../components/page-header";
import { whenText } from "./event-words";

export type ByHandNotice = { name: string; credit: CreditOutcome | null } | null;

export interface AttendanceContentProps {
  event: SocietyEvent;
  requiredMinutes: number;
  attendees: readonly Attendee[];
  next: { name: string; id: string } | null;
  csrfToken: string;
  /** Why the uploaded file was refused; none otherwise. */
  problems: readonly string[];
  result: AttendanceImport | null;
  /** The kept preview "Import" records; null unless `result` is a preview. */
  previewId: string | null;
  marked: ByHandNotice;
}

const CREDIT_WORDS: Record<CreditOutcome, string> = {
  credited: "CPD entry and certificate issued; thank-you e-mail sent",
  "credited-before": "CPD already credited",
  "no-account": "no account has this e-mail address, so no CPD entry could be made",
  "no-cpd": "this event carries no CPD hours",
};

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

function PlaceList({ caption, places, showCredit }: { caption: string; places: readonly ImportedPlace[]; showCredit: boolean }) {
  if (places.length === 0) return null;
  return (
    <table className="table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Time in the session</th>
          {showCredit ? <th scope="col">CPD</th> : null}
        </tr>
      </thead>
      <tbody>
        {places.map((p) => (
          <tr key={`${p.email}:${p.name}`}>
            <th scope="row">{p.name}</th>
            <td>{p.email}</td>
            <td>{minutesText(p.minutes)}</td>
            {showCredit ? <td>{p.credit ? CREDIT_WORDS[p.credit] : p.markedBefore ? "already recorded" : "—"}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ImportResult({ result, previewId, csrfToken, action }: { result: AttendanceImport; previewId: string | null; csrfToken: string; action: string }) {
  return (
    <section aria-labelledby="import-result" className="screen-section">
      <h2 id="import-result">{result.applied ? "Imported" : "Preview: nothing has been recorded yet"}</h2>
      <p role="status">
        {`${result.attended.length} stayed at least ${minutesText(result.requiredMinutes)}${result.applied ? " and are marked attended" : " and would be marked attended"}; ${result.tooShort.length} did not stay long enough; ${result.unmatched.length} ${result.unmatched.length === 1 ? "address matches" : "addresses match"} no booking.`}
        {result.rowsWithoutEmail > 0 ? ` ${result.rowsWithoutEmail} ${result.rowsWithoutEmail === 1 ? "row has" : "rows have"} no e-mail address (guests) and cannot be matched.` : ""}
      </p>
      <PlaceList caption="Attended: stayed long enough" places={result.attended} showCredit={result.applied} />
      <PlaceList caption={`Did not stay long enough (fewer than ${minutesText(result.requiredMinutes)}): not credited`} places={result.tooShort} showCredit={false} />
      {result.unmatched.length > 0 ? (
        <table className="table">
          <caption>E-mail addresses that match no booking at this event</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Time in the session</th>
            </tr>
          </thead>
          <tbody>
            {result.unmatched.map((u) => (
              <tr key={u.email}>
                <th scope="row">{u.email}</th>
                <td>{minutesText(u.minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.unmatched.length > 0 ? <p>Someone who joined with another address than the one they booked with can be marked attended by hand below.</p> : null}
      {previewId ? (
        <form method="post" action={action} className="staff-form">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="previewId" value={previewId} />
          <p>The previewed report is kept for a day: importing it does not need the file again.</p>
          <p className="staff-form__actions">
            <button type="submit" className="button">
              {result.attended.length > 0 ? `Import: mark ${result.attended.length} attended and credit CPD` : "Import (no one to mark attended)"}
            </button>
          </p>
        </form>
      ) : null}
    </section>
  );
}

function placeStatus(a: Attendee): string {
  if (a.checkedInAt) return "Checked in";
  return a.attended ? "Attended" : "Not recorded";
}

export function AttendanceContent({ event, requiredMinutes, attendees, next, csrfToken, problems, result, previewId, marked }: AttendanceContentProps) {
  const base = `/staff/events/${event.id}/attendance`;
  if (event.format === "in-person") {
    return (
      <>
        <PageHeader title="Attendance" lede={`${event.name}, ${whenText(event)}`} />
        <p>
          This event is in person: its attendance is its check-in. Each attendee checked in at the door gets the event's CPD hours. <a href={`/staff/events/${event.id}/check-in`}>Check-in</a>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Attendance" lede={`${event.name}, ${whenText(event)}`} />
      <p>
        {`An attendee counts as attended when they stayed for at least ${event.minimumAttendancePercent}% of the session: ${minutesText(requiredMinutes)}. `}
        {event.cpdHoursHundredths === null
          ? "This event carries no CPD hours, so attendance is recorded without CPD entries."
          : "Each attendee marked attended gets the event's CPD hours in their log, confirmed by the society, with a certificate and a thank-you e-mail."}
      </p>
      {marked ? (
        <p className="notice notice--success" role="status">
          {`Marked attended: ${marked.name}${marked.credit ? ` (${CREDIT_WORDS[marked.credit]})` : ""}.`}
        </p>
      ) : null}
      <section aria-labelledby="import" className="screen-section">
        <h2 id="import">Import the attendance report</h2>
        <p>Upload the report to preview who would be marked attended; nothing is recorded until you import the preview.</p>
        <form method="post" action={base} encType="multipart/form-data" className="staff-form">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <p id="report-hint">
            The CSV file the video platform exports (Zoom's participants report, for example), saved as UTF-8. Its first line names the columns; it needs
            the e-mail address, the join time and the leave time. Someone who left and rejoined has several rows: their time is added up. Importing the same
            report again changes nothing.
          </p>
          <div className={problems.length > 0 ? "field field--error" : "field"}>
            <label className="field__label" htmlFor="report">
              Attendance report (CSV)
            </label>
            {problems.length > 0 ? (
              <div className="field__error" id="report-error" role="alert">
                <p>The file cannot be used. Nothing has been recorded.</p>
                <ul>
                  {problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <input
              className="field__input"
              type="file"
              id="report"
              name="report"
              accept=".csv,text/csv"
              required
              aria-describedby={problems.length > 0 ? "report-hint report-error" : "report-hint"}
              aria-invalid={problems.length > 0 ? true : undefined}
            />
          </div>
          <p className="staff-form__actions">
            <button type="submit" className="button">
              Preview
            </button>
          </p>
        </form>
      </section>
      {result ? <ImportResult result={result} previewId={previewId} csrfToken={csrfToken} action={`${base}/import`} /> : null}
      <section aria-labelledby="by-hand" className="screen-section">
        <h2 id="by-hand">Booked attendees</h2>
        <p>Mark someone attended by hand when the report missed them (they joined by phone, or with another address).</p>
        {attendees.length === 0 ? (
          <p>No one is booked.</p>
        ) : (
          <table className="table">
            <caption className="visually-hidden">Booked attendees of {event.name}, by name</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Attendance</th>
              </tr>
            </thead>
            <tbody>
              {attendees.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.name}</th>
                  <td>{a.email}</td>
                  <td>
                    {a.attended || a.checkedInAt ? (
                      placeStatus(a)
                    ) : (
                      <form method="post" action={`${base}/mark`} className="inline-form">
                        <input type="hidden" name="csrfToken" value={csrfToken} />
                        <input type="hidden" name="attendeeId" value={a.id} />
                        <button type="submit" className="button button--secondary">
                          Mark attended<span className="visually-hidden">: {a.name}</span>
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {next ? (
          <p>
            <a href={`${base}?${new URLSearchParams({ afterName: next.name, afterId: next.id })}`}>Next attendees</a>
          </p>
        ) : null}
      </section>
    </>
  );
}
