/**
 * What a page's blocks need before they render: for webinars-list blocks, who is looking (their prices and what they own). A page
 * without webinars-list blocks prices nothing, so it keeps the visitor's terms and stays public.
 */
import type { Context } from "hono";
import { VISITOR } from "../../domain/buyer";
import type { Block } from "../../domain/content";
import { log } from "../../log";
import type { Shareable } from "../../services/cache/edge-cache-policy";
import type { HonoEnv } from "../../types";
import type { BlockContext } from "../../views/blocks/block-context";
import type { IslandName } from "../../views/site-context";

export interface LoadedBlocks {
  ctx: BlockContext;
  /** The blocks show this user's own prices: the page must be private (never in a shared cache). */
  personal: boolean;
  /** The islands the blocks need ("cart" for webinars-list blocks' "Add to cart"). */
  islands: IslandName[];
  /** How a visitor's page with these blocks may be shared: webinar prices and states follow the clock. */
  shareable: Shareable;
}

export interface BlockOptions {
  /** Where this page's embed blocks are served as their own documents (routes/embeds.tsx). */
  embedBase?: string;
}

export async function loadBlocks(c: Context<HonoEnv>, blocks: readonly Block[], { embedBase }: BlockOptions = {}): Promise<LoadedBlocks> {
  const content = c.var.services.content;
  const pricesWebinars = blocks.some((block) => block.kind === "webinars-list");
  const buyer = pricesWebinars ? await c.var.buyer() : VISITOR;
  let webinars: ReturnType<BlockContext["webinars"]> | undefined;
  return {
    ctx: {
      site: c.var.site,
      // A failure shows a notice in place of the list instead of failing the page.
      webinars: () =>
        (webinars ??= content.webinars().catch((error: unknown) => {
          log.warn("views.webinars_unavailable", { path: c.var.site.currentPath, error });
          return null;
        })),
      buyer,
      ...(embedBase ? { embedUrl: (blockId: string) => `${embedBase}/${encodeURIComponent(blockId)}` } : {}),
    },
    personal: pricesWebinars && c.var.session !== null,
    islands: pricesWebinars ? ["cart"] : [],
    shareable: pricesWebinars ? "clock" : "content",
  };
}
