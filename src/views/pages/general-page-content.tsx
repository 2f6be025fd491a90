import type { GeneralPage } from "../../domain/content";
import type { BlockContext } from "../blocks/block-context";
import { Blocks } from "../blocks/blocks";

/**
 * A general page: its title as the h1, then its blocks as mapped (a first heading that repeated
 * the title was dropped then, before sanitising).
 */
export function GeneralPageContent({ page, ctx }: { page: GeneralPage; ctx: BlockContext }) {
  return (
    <article className="general-page">
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      <Blocks blocks={page.blocks} ctx={ctx} />
    </article>
  );
}
