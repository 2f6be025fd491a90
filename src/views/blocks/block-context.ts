import type { Block, WebinarSummary } from "../../domain/content";
import type { SiteContext } from "../site-context";
import type { Buyer } from "../../domain/buyer";

export interface BlockContext {
  site: SiteContext;
  /**
   * All published webinars, for webinars-list blocks without their own selection. Called
   * only when such a block renders; the result is shared by every block of the page. Null when
   * they cannot be loaded (the caller has logged why): the blocks show a notice instead.
   */
  webinars: () => Promise<WebinarSummary[] | null>;
  /** Whom webinars-list blocks price their webinars for. */
  buyer: Buyer;
  /**
   * Where an embed block's snippet is served as its own sandboxed document (routes/embeds.ts),
   * so it runs under its own policy rather than this page's. Without it, embeds use srcdoc.
   */
  embedUrl?: (blockId: string) => string;
}

/** The block of one kind. */
export type BlockOf<K extends Block["kind"]> = Extract<Block, { kind: K }>;
