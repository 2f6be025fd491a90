import type { SidebarGroup, SidebarItem } from "../../domain/content";
import { pageHref } from "../../shared/links";
import { isCurrent, NavLink } from "./nav-link";
import { SECTION_LABELS } from "./sections";

export interface SectionNavProps {
  section: SidebarGroup;
  items: SidebarItem[];
  currentPath: string;
}

/**
 * The sidebar of the section a page belongs to. Dropdown items are `<details>` disclosures
 * (no JavaScript), open when they hold the current page.
 */
export function SectionNav({ section, items, currentPath }: SectionNavProps) {
  const headingId = `section-nav-${section}`;
  return (
    <nav className="section-nav" aria-labelledby={headingId}>
      <p className="section-nav__eyebrow">In this section</p>
      <h2 id={headingId} className="section-nav__title">
        {SECTION_LABELS[section]}
      </h2>
      <ul className="section-nav__list">
        {items.map((item, index) => (
          <li key={`${index}-${item.title}`}>
            {item.kind === "link" ? (
              <NavLink href={pageHref(item.page)} currentPath={currentPath}>
                {item.title}
              </NavLink>
            ) : (
              <Dropdown item={item} currentPath={currentPath} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Dropdown({ item, currentPath }: { item: Extract<SidebarItem, { kind: "dropdown" }>; currentPath: string }) {
  const open = item.pages.some((page) => isCurrent(pageHref(page), currentPath));
  return (
    <details open={open}>
      <summary>{item.title}</summary>
      <ul>
        {item.pages.map((page, index) => (
          <li key={`${index}-${page.slug}`}>
            <NavLink href={pageHref(page)} currentPath={currentPath}>
              {page.title ?? page.slug}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
