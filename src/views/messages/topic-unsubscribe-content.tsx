/** /email/topics/unsubscribe: confirm (one button: a GET alone changes nothing), done, or a link that does not work. */
export type TopicUnsubscribeState =
  | { step: "confirm"; label: string; action: string; choices: string }
  | { step: "done"; label: string; choices: string }
  | { step: "invalid" };

export function TopicUnsubscribeContent({ state }: { state: TopicUnsubscribeState }) {
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
        <p className="notice notice--success" role="status">{`You will no longer receive “${state.label}”.`}</p>
        <p>
          <a href={state.choices}>Choose which e-mails you get</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-screen">
      <h1>{`Unsubscribe from “${state.label}”?`}</h1>
      <p>You will stop receiving these e-mails at the address this link was sent to. Receipts and notices about your membership always go.</p>
      <form method="post" action={state.action} className="form form--inline">
        <button type="submit" className="button">
          Unsubscribe
        </button>
      </form>
      <p>
        <a href={state.choices}>Or choose which e-mails you get</a>
      </p>
    </div>
  );
}
