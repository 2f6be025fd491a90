import type { WebinarAccess } from "../../domain/orders";
import { DateTime } from "../components/date-time";

export interface WebinarAccessPanelProps {
  access: WebinarAccess;
  /** The webinar is still to come (live) rather than a recording. */
  upcoming: boolean;
  signedIn: boolean;
  /** Where the .ics download is, for upcoming webinars. */
  calendarHref: string | null;
  /** For the player's accessible name. */
  webinarName: string;
  /** The path to come back to after signing in. */
  currentPath: string;
  /** The signed-in viewer's CSRF token: joining live is a form (it records attendance in the CPD log). */
  csrfToken: string | null;
  now: Date;
}

/**
 * How to attend or watch. Only an `access` of kind "live" or "recording" carries the Zoom or
 * Vimeo links (services/orders/webinar-access decides), so nobody else's page can contain them.
 */
export function WebinarAccessPanel({ access, upcoming, signedIn, calendarHref, webinarName, currentPath, csrfToken, now }: WebinarAccessPanelProps) {
  const calendar = calendarHref ? (
    <p>
      <a href={calendarHref} download>
        Add to your calendar (.ics)
      </a>
    </p>
  ) : null;
  return (
    <section id="webinar-access" className="access-panel" aria-labelledby="webinar-access-title" data-access={access.kind}>
      <h2 id="webinar-access-title">{upcoming ? "How to attend" : "How to watch"}</h2>
      {access.kind === "not-entitled" ? (
        signedIn ? (
          <p>{upcoming ? "Book a place to get your link to join. It appears here once your order is paid." : "Buy the recording to watch it here."}</p>
        ) : (
          <p>
            <a href={`/login?callbackUrl=${encodeURIComponent(currentPath)}`}>Sign in</a> to see whether you already have this webinar, or to
            book it.
          </p>
        )
      ) : null}
      {access.kind === "live-soon" ? (
        <>
          <p>
            You have a place. Your link to join appears here from <DateTime value={access.opensAt} style="long" />, an hour before the start.
          </p>
          {calendar}
        </>
      ) : null}
      {access.kind === "live" ? (
        <>
          {access.startsAt.getTime() > now.getTime() ? (
            <p>
              The webinar starts at <DateTime value={access.startsAt} style="long" />. Joining before the start lets you check your sound and picture; your
              attendance is recorded when you join once the webinar has started, so join again then if you are not still connected.
            </p>
          ) : (
            <p>The session is open. Join on Zoom (joining adds the webinar to your CPD log):</p>
          )}
          {/* Posted here first, so attending is recorded; the Worker then sends the browser on to Zoom. */}
          <form method="post" action={`${currentPath}/join`} target="_blank" className="inline-form">
            <input type="hidden" name="csrfToken" value={csrfToken ?? ""} />
            <button type="submit" className="button">
              Join the live webinar<span className="visually-hidden"> (opens Zoom in a new tab)</span>
            </button>
          </form>
        </>
      ) : null}
      {access.kind === "live-link-pending" ? <p>You have a place. The joining link is not ready yet: please reload this page in a few minutes.</p> : null}
      {access.kind === "recording" ? (
        <>
          {access.embedUrl ? (
            <div className="video-frame">
              <iframe
                src={access.embedUrl}
                title={`Recording: ${webinarName}`}
                allow="fullscreen; picture-in-picture"
                allowFullScreen
                loading="lazy"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          ) : null}
          <ul className="link-list">
            {access.watchUrl && !access.embedUrl ? (
              <li>
                <a href={access.watchUrl} rel="noopener noreferrer">
                  Watch the recording
                </a>
              </li>
            ) : null}
            {access.playlistUrl ? (
              <li>
                <a href={access.playlistUrl} rel="noopener noreferrer">
                  Open the playlist of recordings
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      {access.kind === "recording-pending" ? <p>You have this webinar. The recording will appear here as soon as it is ready.</p> : null}
    </section>
  );
}
