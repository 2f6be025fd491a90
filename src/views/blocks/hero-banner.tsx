import { pageHref, safeHref } from "../../shared/links";
import { Img } from "../components/img";
import { SiteLink } from "../components/site-link";
import type { BlockContext, BlockOf } from "./block-context";

export interface HeroBannerProps {
  block: BlockOf<"hero-banner">;
  ctx: BlockContext;
  /** The page has no other title (home page) and the hero opens it: its title is the h1. */
  isPageHeading: boolean;
  /** Opens the page: its image is the likely largest paint, so it loads first. */
  isFirst: boolean;
}

export function HeroBannerBlock({ block, ctx, isPageHeading, isFirst }: HeroBannerProps) {
  const cta = block.callToAction;
  const ctaHref = cta ? (cta.page ? pageHref(cta.page) : safeHref(cta.url)) : null;
  const Title = isPageHeading ? "h1" : "h2";
  return (
    <section data-block="hero-banner" className={block.image ? "block hero" : "block hero hero--no-image"}>
      <div className="hero__text">
        {block.preTitle ? <p className="hero__pretitle">{block.preTitle}</p> : null}
        <Title className="hero__title">{block.title}</Title>
        {block.subtitle ? <p className="hero__subtitle">{block.subtitle}</p> : null}
        {cta && ctaHref ? (
          <p className="hero__action">
            <SiteLink href={ctaHref} siteUrl={ctx.site.url} className="button button--light">
              {cta.label}
            </SiteLink>
          </p>
        ) : null}
      </div>
      {block.image ? (
        <div className="hero__media">
          <Img media={block.image} slot="hero" priority={isFirst} />
        </div>
      ) : null}
    </section>
  );
}
