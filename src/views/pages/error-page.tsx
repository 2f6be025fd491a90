import { Document } from "../document";
import { hrefs } from "../../shared/links";
import { ErrorContent } from "./error-content";
import { errorMessage } from "./error-messages";

export interface ErrorPageProps {
  status: number;
  siteName: string;
  /** The site stylesheet, when the asset manifest is known; the page reads well without it. */
  stylesheet?: string | null;
  /** A 4xx application error's own message for the user. */
  detail?: string | null;
  /** The site's built default favicon (the asset manifest's "favicon.svg"), when known. */
  favicon?: string | null;
  /** The request's id, for the member to quote (it names the request in the logs). */
  reference?: string | null;
}

/**
 * A self-contained error page that needs no CMS data, so it renders even when the CMS is down.
 * When the layout data is available, routes render ErrorContent inside SitePage instead.
 */
export function ErrorPage({ status, siteName, stylesheet = null, detail = null, favicon = null, reference = null }: ErrorPageProps) {
  const { heading } = errorMessage(status, detail);
  const head = (
    <>
      <meta name="robots" content="noindex" />
      {favicon ? <link rel="icon" href={favicon} type={favicon.endsWith(".svg") ? "image/svg+xml" : undefined} /> : null}
    </>
  );
  return (
    <Document title={`${heading} | ${siteName}`} stylesheet={stylesheet} head={head}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="masthead container">
          <a href={hrefs.home} className="brand">
            {favicon ? <img src={favicon} alt="" width={44} height={44} className="brand__logo" /> : null}
            <span className="brand__text">
              <span className="brand__name">{siteName}</span>
            </span>
          </a>
        </div>
      </header>
      <div className="page-body container">
        <main id="main" tabIndex={-1} className="page-main">
          <ErrorContent status={status} detail={detail} reference={reference} />
        </main>
      </div>
    </Document>
  );
}
