import type { Block, Homepage, LayoutData } from "../../services/content/model";
import { pageHref } from "../../shared/links";
import { Document } from "../document";

export interface HomePageProps {
  siteName: string;
  layout: LayoutData;
  homepage: Homepage | null;
}

/**
 * The foundation issue's placeholder home page, kept only while src/routes/home.tsx still
 * renders it: delete this file once that route renders SitePage + HomeContent.
 */
export function HomePage({ siteName, layout, homepage }: HomePageProps) {
  const title = homepage?.seo?.metaTitle ?? layout.globalSeo.metaTitle ?? siteName;
  const contact = layout.footer.contactFields;
  return (
    <Document title={title} stylesheet={null} head={<Description text={homepage?.seo?.metaDescription ?? layout.globalSeo.metaDescription} />}>
      <header>
        <nav aria-label="Main">
          <ul>
            {layout.navigation.navLinkItems.map((item) => (
              <li key={item.label}>
                <a href={pageHref(item.page)}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <h1>{title}</h1>
        {(homepage?.blocks ?? []).map((block) => (
          <BlockText key={`${block.kind}-${block.id}`} block={block} />
        ))}
      </main>
      <footer>
        <p>{contact.organizationName ?? siteName}</p>
        {contact.emailAddress ? <p>{contact.emailAddress}</p> : null}
        {layout.footer.address ? <p>{layout.footer.address}</p> : null}
      </footer>
    </Document>
  );
}

function BlockText({ block }: { block: Block }) {
  switch (block.kind) {
    case "hero-banner":
      return <h2 data-block={block.kind}>{block.title}</h2>;
    case "text":
    case "text-with-image":
      return <div data-block={block.kind} dangerouslySetInnerHTML={{ __html: block.content.html }} />;
    default:
      return null;
  }
}

const Description = ({ text }: { text: string | null }) => (text ? <meta name="description" content={text} /> : null);
