/**
 * Loads what the membership year reads from the CMS (memberships, general pages for the prices;
 * webinars; the layout for e-mails) into the content cache before a file's tests, so no test
 * waits on a cold CMS on a busy machine. A slow first answer is retried, not reported.
 */
import { env } from "cloudflare:test";
import { vi } from "vitest";
import { getConfig, type Bindings } from "../../../src/env";
import { publishedContent } from "../../../src/wiring/content";

export async function warmMembershipContent(): Promise<void> {
  await warm((content) => Promise.all([content.memberships(), content.allGeneralPages(), content.webinars(), content.layout()]));
}

/** The editors' redirects, which every 404 reads: for files whose tests expect a 404. */
export async function warmRedirects(): Promise<void> {
  await warm((content) => content.redirects());
}

async function warm(read: (content: ReturnType<typeof publishedContent>) => Promise<unknown>): Promise<void> {
  const content = publishedContent(getConfig(env as Bindings), () => undefined);
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await read(content);
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  } finally {
    quiet.mockRestore();
  }
}
