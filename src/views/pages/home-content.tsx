import type { Homepage } from "../../domain/content";
import type { BlockContext } from "../blocks/block-context";
import { Blocks } from "../blocks/blocks";

/**
 * The home page's blocks. A hero banner that opens the page carries the h1; otherwise the site
 * name is the (visually hidden) h1, so the page still has one.
 */
export function HomeContent({ homepage, ctx }: { homepage: Homepage | null; ctx: BlockContext }) {
  const blocks = homepage?.blocks ?? [];
  const heroFirst = blocks[0]?.kind === "hero-banner";
  return (
    <div className="home">
      {heroFirst ? null : <h1 className="visually-hidden">{ctx.site.name}</h1>}
      <Blocks blocks={blocks} ctx={ctx} hasTitle={!heroFirst} />
    </div>
  );
}
