/**
 * Built-in screens own their address, but not its content: when an editor has published a CMS
 * general page at a built-in screen's address (shared/built-in-screens.ts), the screen is shown
 * inside that page (views/pages/screen-with-page.tsx) with the page's title and SEO. The
 * screen's own rules stay: it is as private as it was, and a page its viewer may not see (a
 * members-only page for a non-member) adds nothing to it.
 */
import type { Context } from "hono";
import { log } from "../../log";
import type { ReactNode } from "react";
import { embedBases } from "../../shared/links";
import type { HonoEnv } from "../../types";
import { ScreenWithPage } from "../../views/pages/screen-with-page";
import type { Screen } from "./index";

export async function withScreenPage(c: Context<HonoEnv>, content: ReactNode, screen: Screen): Promise<{ content: ReactNode; screen: Screen }> {
  if (screen.isCmsPage || (screen.status ?? 200) >= 500) return { content, screen };
  let page;
  try {
    page = await c.var.services.content.screenPage(c.req.path);
  } catch (error) {
    // The screen (sign-in, the cart…) still works when the CMS cannot say what goes around it.
    log.warn("screen_page.unavailable", { path: c.req.path, message: error instanceof Error ? error.message : String(error) });
    return { content, screen };
  }
  if (!page) return { content, screen };
  const gated = page.authenticatedOnly || page.membersOnly;
  if (gated && (!c.var.session || (page.membersOnly && !(await c.var.isMember())))) return { content, screen };

  const blocks = await c.var.blocks(page.blocks, { embedBase: embedBases.page(page.type, page.slug) });
  const failed = (screen.status ?? 200) >= 400;
  return {
    content: (
      <ScreenWithPage page={page} ctx={blocks.ctx}>
        {content}
      </ScreenWithPage>
    ),
    screen: {
      ...screen,
      // A form sent back with problems keeps the screen's own title ("There is a problem — …").
      head: failed ? screen.head : { ...screen.head, pageTitle: page.title, pageSeo: page.seo ?? screen.head?.pageSeo ?? null },
      isPrivate: screen.isPrivate === true || gated || blocks.personal,
      shareable: screen.shareable && (screen.shareable === "clock" || blocks.shareable === "clock" ? "clock" : "content"),
      islands: [...new Set([...(screen.islands ?? []), ...blocks.islands])],
    },
  };
}
