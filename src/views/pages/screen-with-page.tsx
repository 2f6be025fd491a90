import type { ReactNode } from "react";
import type { Block, GeneralPage } from "../../domain/content";
import type { BlockContext } from "../blocks/block-context";
import { Blocks } from "../blocks/blocks";
import { TitleAlreadyGiven } from "../components/screen-title";

/**
 * A built-in screen (sign-in, the cart, /user/membership…) inside the editor's CMS page at the
 * same address: the page's title is the h1; the page's opening text blocks introduce the screen;
 * then comes the screen's own panel; then the rest of the page's blocks (buttons, cards, lists…).
 */
export function ScreenWithPage({ page, ctx, children }: { page: GeneralPage; ctx: BlockContext; children: ReactNode }) {
  const { introduction, rest } = splitAroundScreen(page.blocks);
  return (
    <div className="screen-with-page" data-cms-page={`${page.type}/${page.slug}`}>
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      {introduction.length > 0 ? <Blocks blocks={introduction} ctx={ctx} /> : null}
      <TitleAlreadyGiven>{children}</TitleAlreadyGiven>
      {rest.length > 0 ? <Blocks blocks={rest} ctx={ctx} /> : null}
    </div>
  );
}

const INTRODUCTION_KINDS: ReadonlySet<Block["kind"]> = new Set(["text", "text-with-image"]);

/** The text blocks that open the page come before the screen; every block from the first other kind on comes after it. */
export function splitAroundScreen(blocks: readonly Block[]): { introduction: Block[]; rest: Block[] } {
  const first = blocks.findIndex((block) => !INTRODUCTION_KINDS.has(block.kind));
  const at = first === -1 ? blocks.length : first;
  return { introduction: blocks.slice(0, at), rest: blocks.slice(at) };
}
