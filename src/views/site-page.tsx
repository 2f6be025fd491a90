import type { ReactNode } from "react";
import type { LayoutData, SidebarGroup } from "../domain/content";
import type { HeadData } from "./head-data";
import { Document } from "./document";
import { HeadTags } from "./head-tags";
import { SectionNav } from "./layout/section-nav";
import { SiteFooter } from "./layout/site-footer";
import { SiteHeader } from "./layout/site-header";
import { PreviewBar } from "./layout/preview-bar";
import type { IslandName, SiteContext } from "./site-context";

export interface SitePageProps {
  site: SiteContext;
  layout: LayoutData;
  head: HeadData;
  /** The sidebar group shown beside the content (see layout/sections.ts), or none. */
  section: SidebarGroup | null;
  /** Islands this page needs; a page with none ships no JavaScript. */
  islands: readonly IslandName[];
  children: ReactNode;
}

/** The document and site layout every screen renders inside. */
export function SitePage({ site, layout, head, section, islands, children }: SitePageProps) {
  const sidebar = section ? layout.sidebar[section] : [];
  const withSidebar = section !== null && sidebar.length > 0;
  return (
    <Document
      title={head.title}
      stylesheet={site.assets.stylesheet}
      scripts={islands.map((name) => site.assets.island(name))}
      head={<HeadTags head={head} siteName={site.name} />}
    >
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {site.preview ? <PreviewBar path={site.currentPath} /> : null}
      <SiteHeader site={site} layout={layout} />
      <div className={withSidebar ? "page-body page-body--with-sidebar container" : "page-body container"}>
        <main id="main" tabIndex={-1} className="page-main">
          {children}
        </main>
        {withSidebar ? <SectionNav section={section} items={sidebar} currentPath={site.currentPath} /> : null}
      </div>
      <SiteFooter footer={layout.footer} siteName={site.name} year={londonYear(site.now)} />
    </Document>
  );
}

const yearInLondon = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" });
const londonYear = (now: Date) => Number(yearInLondon.format(now));
