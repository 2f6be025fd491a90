import type { HeadData } from "./head-data";

/** Description, canonical URL, favicon, robots, the site search's OpenSearch description and the Open Graph / Twitter card tags. */
export function HeadTags({ head, siteName }: { head: HeadData; siteName: string }) {
  const { image } = head;
  return (
    <>
      {head.description ? <meta name="description" content={head.description} /> : null}
      <link rel="canonical" href={head.canonical} />
      {head.noindex ? <meta name="robots" content="noindex" /> : null}
      {head.favicon ? <link rel="icon" href={head.favicon.url} type={head.favicon.type} /> : null}
      <link rel="search" type="application/opensearchdescription+xml" title={siteName} href="/opensearch.xml" />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:title" content={head.title} />
      {head.description ? <meta property="og:description" content={head.description} /> : null}
      <meta property="og:url" content={head.canonical} />
      <meta property="og:image" content={image.url} />
      {image.width ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
      {image.alt ? <meta property="og:image:alt" content={image.alt} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={head.title} />
      {head.description ? <meta name="twitter:description" content={head.description} /> : null}
      <meta name="twitter:image" content={image.url} />
      {image.alt ? <meta name="twitter:image:alt" content={image.alt} /> : null}
    </>
  );
}
