/**
 * Links to the pages of a list read by page number (the article list): the first and last
 * pages, the current one with its neighbours, and "Previous"/"Next". Gaps are shown as an
 * ellipsis so a list of hundreds of pages stays one short line. Nothing for a single page.
 */
export function PageNumbers({ label, page, pageCount, href }: { label: string; page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">{`Page ${page} of ${pageCount}`}</p>
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              Previous page
            </a>
          </li>
        ) : null}
        {shown.map((n, index) => (
          <li key={n}>
            {index > 0 && n - shown[index - 1]! > 1 ? <span aria-hidden="true">… </span> : null}
            {n === page ? (
              <a href={href(n)} aria-current="page">
                {n}
              </a>
            ) : (
              <a href={href(n)} aria-label={n === pageCount ? `Page ${n}, the last` : `Page ${n}`}>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} rel="next">
              Next page
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
