import type { ReactNode } from "react";

/** A link in navigation that marks itself as the current page. */
export function NavLink({ href, currentPath, children }: { href: string; currentPath: string; children: ReactNode }) {
  return (
    <a href={href} aria-current={isCurrent(href, currentPath) ? "page" : undefined}>
      {children}
    </a>
  );
}

/** Paths compare without a trailing slash, so /about/ still marks /about. */
export const isCurrent = (href: string, currentPath: string) => trim(href) === trim(currentPath);

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
