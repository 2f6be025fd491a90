/**
 * "Previous page" and "Next page" links for a list read in pages by key (no page numbers: the
 * list knows only whether a page lies either side). Nothing when there is neither.
 */
export function PageLinks({ label, previousHref, nextHref, className }: { label: string; previousHref: string | null; nextHref: string | null; className?: string }) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav className={className} aria-label={label}>
      <ul>
        {previousHref ? (
          <li>
            <a href={previousHref} rel="prev">
              Previous page
            </a>
          </li>
        ) : null}
        {nextHref ? (
          <li>
            <a href={nextHref} rel="next">
              Next page
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
