import type { JoinPage } from "../../domain/content";

/** The six parts of the join form, in order, each with the editor's description. */
export function JoinSteps({ joinPage }: { joinPage: JoinPage }) {
  const steps = [
    ["Your details", joinPage.yourDetailsDescription],
    ["Address", joinPage.addressDescription],
    ["Professional details", joinPage.professionalDetailsDescription],
    ["Membership", joinPage.membershipDescription],
    ["Your account", joinPage.yourAccountDescription],
    ["Declaration", joinPage.declarationDescription],
  ] as const;
  return (
    <section aria-labelledby="join-steps" className="screen-section">
      <h2 id="join-steps">What the form asks for</h2>
      <ol className="steps">
        {steps.map(([title, description]) => (
          <li key={title} className="steps__item">
            <h3 className="steps__title">{title}</h3>
            {description ? <p>{description}</p> : null}
            {title === "Professional details" && joinPage.specialisationOptions.length > 0 ? (
              <p className="meta">Specialisms you can choose: {joinPage.specialisationOptions.join(", ")}.</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
