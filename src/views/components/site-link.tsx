import type { ReactNode } from "react";
import { isExternal } from "../../shared/links";

export interface SiteLinkProps {
  /** An already safe href (from pageHref, hrefs or safeHref). */
  href: string;
  siteUrl: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link that says when it leaves the site: external links get rel="noopener noreferrer" and a
 * visible arrow with a spoken "(external site)".
 */
export function SiteLink({ href, siteUrl, className, children }: SiteLinkProps) {
  if (!isExternal(href, siteUrl)) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
      <ExternalIcon />
      <span className="visually-hidden"> (external site)</span>
    </a>
  );
}

export function ExternalIcon() {
  return (
    <svg className="icon icon-external" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M9 2h5v5M14 2 7 9M12 9.5V14H2V4h4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
