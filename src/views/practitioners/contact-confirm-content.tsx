/**
 * /find-a-practitioner/contact/confirm: the page the link in a held message's e-mail opens. The
 * message goes only when its writer presses the button (a mail scanner that opens the link sends
 * nothing).
 */
import { HELD_CONTACT_HOURS } from "../../shared/contact-form";
import { ScreenTitle } from "../components/screen-title";

export type ContactConfirmState =
  | { step: "confirm"; practitionerName: string; senderName: string; message: string; action: string }
  | { step: "gone" }
  | { step: "not-listed" }
  | { step: "limited"; profilePath: string };

export function ContactConfirmContent({ state }: { state: ContactConfirmState }) {
  if (state.step === "confirm") {
    return (
      <div className="account-screen">
        <ScreenTitle>{`Send your message to ${state.practitionerName}?`}</ScreenTitle>
        <p>{`Here is what you wrote, ${state.senderName}. It reaches ${state.practitionerName} when you press the button, and they answer you by e-mail.`}</p>
        <blockquote className="practitioner-contact-confirm__message">
          {state.message.split("\n").map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </blockquote>
        <form method="post" action={state.action} className="form form--inline">
          <button type="submit" className="button">
            Send my message
          </button>
        </form>
      </div>
    );
  }
  if (state.step === "limited") {
    return (
      <div className="account-screen">
        <ScreenTitle>Your message has not been sent yet</ScreenTitle>
        <p>{`This practitioner has had many messages today. Open the link in your e-mail again tomorrow (it works for ${HELD_CONTACT_HOURS} hours from when you wrote), or phone the practice.`}</p>
        <p>
          <a href={state.profilePath}>Their listing</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-screen">
      <ScreenTitle>{state.step === "gone" ? "This link does not work" : "This practitioner is not listed now"}</ScreenTitle>
      <p>
        {state.step === "gone"
          ? `The message has been sent already, or the link is more than ${HELD_CONTACT_HOURS} hours old, or it was cut short: copy the whole link from the e-mail. To write again, use the form on the practitioner's page.`
          : "Their listing is not shown in Find a practitioner at the moment, so your message has not been sent."}
      </p>
      <p>
        <a href="/find-a-practitioner">Find a practitioner</a>
      </p>
    </div>
  );
}
