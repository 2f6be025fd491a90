/**
 * /user/privacy: the user's own data. "Download my data" is a plain link to a JSON file; "Delete
 * my account" leads to a page that asks for the password again. Both work without JavaScript.
 */
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";

export function PrivacyContent() {
  return (
    <div className="account-screen">
      <ScreenTitle>Your data</ScreenTitle>
      <section aria-labelledby="download-heading" className="screen-section">
        <h2 id="download-heading">Download my data</h2>
        <p>
          One file (JSON, readable by any text editor) with everything this site holds about you: your account's e-mail address, applications,
          membership, orders and webinar access, receipts and refunds, CPD log and certificates, directory listing, e-mail choices, when you
          signed in (times only), the e-mails we sent you and what staff recorded about your account.
        </p>
        <p>
          <a className="button" href={hrefs.privacyExport} download>
            Download my data
          </a>
        </p>
      </section>
      <section aria-labelledby="delete-heading" className="screen-section">
        <h2 id="delete-heading">Delete my account</h2>
        <p>
          Deleting your account signs you out everywhere and removes your sign-in, your details, your directory listing and your CPD log for
          good. Receipts, orders and payments stay for the society's accounts, as the law requires, without your name or e-mail address.
        </p>
        <p>
          <a href={hrefs.deleteAccount}>Delete my account</a>
        </p>
      </section>
      <p>
        <a href={hrefs.account}>Back to your account</a>
      </p>
    </div>
  );
}
