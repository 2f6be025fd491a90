import type { WebinarState } from "./webinar-state";

/**
 * Where the joining link or the recording will appear for people entitled to it (a later
 * issue). This view never receives the links: a webinar's `access` is not read here.
 */
export function AccessPlaceholder({ state }: { state: WebinarState }) {
  const live = state.upcoming;
  return (
    <section id="webinar-access" className="access-panel" aria-labelledby="webinar-access-title" data-access="pending">
      <h2 id="webinar-access-title">{live ? "How to attend" : "How to watch"}</h2>
      <p>
        {live
          ? "This is a live online session. Online booking opens on this website soon: once you have a place, your link to join will appear here when you sign in."
          : "This webinar has taken place. Online access to recordings opens on this website soon: once you have access, the recording will appear here when you sign in."}
      </p>
    </section>
  );
}
