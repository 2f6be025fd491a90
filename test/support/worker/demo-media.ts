/** Demo media the tests look up in the real Strapi (cms/src/seed). */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createCmsClient } from "../../../src/adapters/cms/client";
import { allGeneralPagesOperation } from "../../../src/adapters/cms/operations";
import type { Block, GeneralPage } from "../../../src/domain/content";
import { everyEntry } from "./cms-lists";

/** The CPD resources page's own file, and a picture it shares with a public page, from Strapi. */
export async function cpdFiles() {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  const cpd = (await everyEntry(cms, allGeneralPagesOperation)).find((page: GeneralPage) => page.slug === "cpd-resources")!;
  expect(cpd.membersOnly).toBe(true);
  const flipbook = cpd.blocks.find((b): b is Extract<Block, { kind: "flipbook" }> => b.kind === "flipbook")!;
  const cards = cpd.blocks.find((b): b is Extract<Block, { kind: "card-list" }> => b.kind === "card-list")!;
  expect(flipbook.file?.name).toBe("cpd-portfolio-guide.pdf");
  // Career guidance, a public page, shows the same picture.
  expect(cards.cardBlocks[1]?.image?.name).toBe("card-professionals.jpg");
  expect(flipbook.file!.url).toMatch(/^\/uploads\/[\w.-]+\.pdf$/);
  return { membersFile: flipbook.file!.url, sharedFile: cards.cardBlocks[1]!.image!.url };
}
