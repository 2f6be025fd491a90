import type { GeneralPage } from "../../services/content/model";

/**
 * Shown instead of an `authenticatedOnly` or `membersOnly` page's content. The page itself is
 * never rendered to a visitor who may not see it; its title alone says what is behind the door.
 */
export function AccessRequiredContent({ page }: { page: Pick<GeneralPage, "title" | "membersOnly"> }) {
  const who = page.membersOnly ? "members of the Guild" : "signed-in users";
  return (
    <article className="access-required" aria-labelledby="access-required-title">
      <h1 id="access-required-title">{page.title}</h1>
      <p className="lead">This page is for {who}.</p>
      <p>
        <a className="button" href="/login">
          Sign in
        </a>
      </p>
      {page.membersOnly ? (
        <p>
          Not a member yet? <a href="/memberships">See membership options</a>.
        </p>
      ) : null}
    </article>
  );
}
