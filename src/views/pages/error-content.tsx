import { hrefs } from "../../shared/links";
import { errorMessage } from "./error-messages";

/** An error page's content inside the site layout (when the layout data could be loaded). */
export function ErrorContent({ status, detail = null, reference = null }: { status: number; detail?: string | null; reference?: string | null }) {
  const { heading, body } = errorMessage(status, detail);
  return (
    <div className="error-screen">
      <p className="eyebrow">Error {status}</p>
      <h1>{heading}</h1>
      <p className="lede">{body}</p>
      {reference ? (
        <p className="error-screen__reference">
          If you contact us about this, quote the reference <code>{reference}</code>.
        </p>
      ) : null}
      <p>
        <a href={hrefs.home} className="button">
          Go to the home page
        </a>
      </p>
    </div>
  );
}
