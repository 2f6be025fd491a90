import type { ReactNode } from "react";
import type { JoinPage, Membership } from "../../domain/content";
import { pageHref } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { RichText } from "../components/rich-text";
import { formatPrice } from "../format";
import { JoinSteps } from "./join-steps";

/**
 * The join page's content: the introduction, what each part of the form asks for, the
 * membership options and the terms, then the application form (#join-form). The form's own
 * sections carry the editor's descriptions, so the overview of steps shows only without it.
 */
export function JoinContent({ joinPage, memberships, form = null }: { joinPage: JoinPage; memberships: readonly Membership[]; form?: ReactNode }) {
  return (
    <>
      <PageHeader title={joinPage.title} />
      <RichText html={joinPage.formIntro} className="join-intro" />
      {memberships.length > 0 ? (
        <section aria-labelledby="join-options" className="screen-section">
          <h2 id="join-options">Membership options</h2>
          <ul className="option-list">
            {memberships.map((m) => (
              <li key={m.id}>
                <strong>{m.title}</strong>
                {m.price !== null ? <span>{formatPrice(m.price)} a year</span> : null}
                {m.joiningFee ? <span>plus {formatPrice(m.joiningFee)} joining fee</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {form ? null : <JoinSteps joinPage={joinPage} />}
      {joinPage.termsPage || joinPage.privacyPolicyPage ? (
        <section aria-labelledby="join-terms" className="screen-section">
          <h2 id="join-terms">Before you apply</h2>
          <p>
            Please read
            {joinPage.termsPage ? (
              <>
                {" "}
                our <a href={pageHref(joinPage.termsPage)}>{joinPage.termsPage.title ?? "terms and conditions"}</a>
              </>
            ) : null}
            {joinPage.termsPage && joinPage.privacyPolicyPage ? " and" : null}
            {joinPage.privacyPolicyPage ? (
              <>
                {" "}
                our <a href={pageHref(joinPage.privacyPolicyPage)}>{joinPage.privacyPolicyPage.title ?? "privacy policy"}</a>
              </>
            ) : null}
            , which explain the terms of membership and how we look after your information.
          </p>
        </section>
      ) : null}
      <section id="join-form" aria-labelledby="join-form-title" className={form ? "screen-section" : "reserved-panel"}>
        <h2 id="join-form-title">Application form</h2>
        {form ?? <p>Online joining opens soon. The application form will appear here.</p>}
      </section>
    </>
  );
}
