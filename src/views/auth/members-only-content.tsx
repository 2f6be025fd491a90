/** What a signed-in non-member sees on a `membersOnly` page: what it is, and how to join. */
export function MembersOnlyContent({ title, email }: { title: string; email: string | null }) {
  return (
    <article className="access-required" aria-labelledby="members-only-title">
      <p className="eyebrow">Members only</p>
      <h1 id="members-only-title">{title}</h1>
      <p className="lede">This page is for members of the Guild.</p>
      <p>
        You are signed in{email ? ` as ${email}` : ""}, but we have no active membership for this account. Members get this
        and every other members-only page, reduced webinar prices and the member directory.
      </p>
      <p className="form__actions">
        <a className="button" href="/memberships">
          See membership options
        </a>
        <a href="/join">Join the Guild</a>
      </p>
      <p className="meta">You join with the account you are signed in with; no second account is needed.</p>
      <p>
        Already a member? If you joined with another e-mail address, sign out from <a href="/user/account">your account</a> and
        sign in with that one.
      </p>
    </article>
  );
}
