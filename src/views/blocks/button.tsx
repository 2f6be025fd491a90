import { pageHref, safeHref } from "../../shared/links";
import { SiteLink } from "../components/site-link";
import type { BlockContext, BlockOf } from "./block-context";

/** A call to action: an internal page (by the link rule) or, failing that, an external link. */
export function ButtonBlock({ block, ctx }: { block: BlockOf<"button">; ctx: BlockContext }) {
  const href = block.internalLink ? pageHref(block.internalLink) : safeHref(block.externalLink);
  if (!href) return null;
  return (
    <div data-block="button" className={`block block-button align-${block.alignment}`}>
      <SiteLink href={href} siteUrl={ctx.site.url} className="button">
        {block.title}
      </SiteLink>
    </div>
  );
}
