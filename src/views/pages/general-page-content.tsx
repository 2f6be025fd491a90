import type { GeneralPage } from "../../services/content/model";
import type { BlockContext } from "../blocks/block-context";
import { Blocks } from "../blocks/blocks";
import { withoutRepeatedTitle } from "../components/leading-heading";

/** A general page: its title as the h1, then its blocks. */
export function GeneralPageContent({ page, ctx }: { page: GeneralPage; ctx: BlockContext }) {
  return (
    <article className="general-page">
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      <Blocks blocks={withoutRepeatedTitle(page.blocks, page.title)} ctx={ctx} />
    </article>
  );
}
