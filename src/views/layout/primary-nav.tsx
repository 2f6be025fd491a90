import type { NavLinkItem } from "../../domain/content";
import { pageHref } from "../../shared/links";
import { isCurrent, NavLink } from "./nav-link";

export interface PrimaryNavProps {
  items: NavLinkItem[];
  currentPath: string;
  /** Desktop menus open one at a time (an exclusive `<details name>` group); phone menus stack. */
  variant: "desktop" | "mobile";
}

/**
 * The main navigation. An item with child pages is a `<details>` disclosure: it opens by click,
 * tap, Enter or Space with no JavaScript, and lists the item's own page first.
 */
export function PrimaryNav({ items, currentPath, variant }: PrimaryNavProps) {
  return (
    <nav aria-label="Main" className={`primary-nav primary-nav--${variant}`}>
      <ul className="primary-nav__list">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="primary-nav__item">
            {item.childPages.length > 0 ? (
              <Submenu item={item} currentPath={currentPath} group={variant === "desktop" ? "main-nav" : undefined} />
            ) : (
              <NavLink href={pageHref(item.page)} currentPath={currentPath}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Submenu({ item, currentPath, group }: { item: NavLinkItem; currentPath: string; group: string | undefined }) {
  const parentHref = pageHref(item.page);
  const links = [
    { href: parentHref, title: item.page?.title ?? item.label },
    ...item.childPages.map((page) => ({ href: pageHref(page), title: page.title ?? page.slug ?? item.label })),
  ].filter((link, index, all) => all.findIndex((other) => other.href === link.href) === index);
  const inSection = links.some((link) => isCurrent(link.href, currentPath));
  return (
    <details name={group} className={inSection ? "submenu submenu--current" : "submenu"}>
      <summary>{item.label}</summary>
      <ul className="submenu__list">
        {links.map((link) => (
          <li key={link.href}>
            <NavLink href={link.href} currentPath={currentPath}>
              {link.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
