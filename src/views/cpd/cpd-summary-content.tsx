/**
 * /user/cpd/summary?year=…: a printable summary of one year of the user's CPD log (confirmed
 * activities with their reflections, totals per category, the target). Printing is the browser's
 * own Print command; the print stylesheet leaves only the card on paper.
 */
import { CPD_CATEGORIES, type CpdYear } from "../../domain/cpd";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { entryStatus, hoursInWords, progressInWords } from "./cpd-words";

export interface CpdSummaryContentProps {
  log: CpdYear;
  holderName: string;
  societyName: string;
  printedOn: string;
}

export function CpdSummaryContent({ log, holderName, societyName, printedOn }: CpdSummaryContentProps) {
  const confirmed = log.entries.filter((e) => e.confirmedAt !== null);
  return (
    <div className="account-screen proof">
      <p className="proof__back no-print">
        <a href={hrefs.cpd(log.year)}>Back to your CPD log</a>
      </p>
      <article className="proof__card" aria-labelledby="summary-title">
        <p className="proof__society">{societyName}</p>
        <h1 id="summary-title">CPD summary {log.year}</h1>
        <p>
          {holderName}:{" "}
          {log.targetHundredths !== null ? progressInWords(log.totalHundredths, log.targetHundredths) : hoursInWords(log.totalHundredths)} of confirmed learning.
        </p>
        {log.byCategory.length > 0 ? (
          <table className="data-table">
            <caption>Hours by category</caption>
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
        <h2>Activities</h2>
        {confirmed.length === 0 ? (
          <p>No confirmed activities in {log.year}.</p>
        ) : (
          <ol className="cpd-summary__list">
            {confirmed.map((entry) => (
              <li key={entry.id}>
                <p>
                  <strong>{entry.title}</strong>, {entry.provider}: <DateTime value={`${entry.activityDate}T12:00:00Z`} style="long" />,{" "}
                  {hoursInWords(entry.hoursHundredths)}, {CPD_CATEGORIES[entry.category]}. {entryStatus(entry)}.
                </p>
                <p>{entry.reflection}</p>
              </li>
            ))}
          </ol>
        )}
        <p className="proof__issued">
          Printed on <DateTime value={printedOn} style="long" />.
        </p>
      </article>
      <p className="no-print">Use your browser's Print command (Ctrl+P, or ⌘+P on a Mac) to print this summary or save it as a PDF.</p>
    </div>
  );
}
