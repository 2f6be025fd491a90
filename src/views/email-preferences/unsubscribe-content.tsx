export type UnsubscribeState =
  | { step: "confirm"; label: string; action: string }
  | { step: "done"; label: string }
  | { step: "invalid" };

const ALWAYS = "Receipts and notices about your membership, payments, orders and applications are always sent.";

/** /email/unsubscribe: confirm (a button, never on a GET alone), done, or a link that does not work. */
export function UnsubscribeContent({ state }: { state: UnsubscribeState }) {
  if (state.step === "invalid") {
    return (
      <div className="account-screen">
        <h1>This unsubscribe link does not work</h1>
        <p>It may have been cut short: copy the whole link from the e-mail and try again. Nothing has been changed.</p>
      </div>
    );
  }
  if (state.step === "done") {
    return (
      <div className="account-screen">
        <h1>You are unsubscribed</h1>
        <p className="notice notice--success" role="status">
          {`You will no longer receive ${state.label}.`}
        </p>
        <p>{ALWAYS}</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-screen">
      <h1>{`Unsubscribe from ${state.label}?`}</h1>
      <p>{`You will stop receiving ${state.label} at the address this link was sent to. ${ALWAYS}`}</p>
      <form method="post" action={state.action} className="form form--inline">
        <button type="submit" className="button">
          Unsubscribe
        </button>
      </form>
    </div>
  );
}
