/** The five shared-layout operations every page loads. */
import * as z from "zod";
import { log } from "../../../log";
import type {
  Footer,
  GlobalSeo,
  GlobalSettings,
  Navigation,
  Sidebar,
  SidebarItem,
} from "../../../domain/content";
import { SIDEBAR_GROUPS } from "../../../domain/content";
import { MEDIA_FIELDS, PAGE_REF_FIELDS } from "../fragments";
import { defineOperation } from "../operation";
import { media, optionalString, pageRef, pageRefs, relationOne } from "../schemas";

type NoVars = Record<string, never>;

export const globalOperation = defineOperation({
  name: "global",
  document: /* GraphQL */ `
    query global { global { data { attributes { favicon { data { attributes { ...MediaFields } } } } } } }
    ${MEDIA_FIELDS}`,
  models: ["global", "file"],
  schema: z.object({ global: relationOne(z.object({ favicon: media })) }),
  map: (data, _vars: NoVars): GlobalSettings => ({ favicon: data.global?.favicon ?? null }),
});

export const globalSeoOperation = defineOperation({
  name: "globalSeo",
  document: /* GraphQL */ `
    query globalSeo {
      globalSeo { data { attributes { metaTitle metaDescription shareImage { data { attributes { ...MediaFields } } } } } }
    }
    ${MEDIA_FIELDS}`,
  models: ["global-seo", "file"],
  schema: z.object({
    globalSeo: relationOne(z.object({ metaTitle: optionalString, metaDescription: optionalString, shareImage: media })),
  }),
  map: (data, _vars: NoVars): GlobalSeo => ({
    metaTitle: data.globalSeo?.metaTitle ?? null,
    metaDescription: data.globalSeo?.metaDescription ?? null,
    shareImage: data.globalSeo?.shareImage ?? null,
  }),
});

const sidebarItemSelection = `{
  __typename
  ... on ComponentSidebarLink { title page { data { attributes { ...PageRefFields } } } }
  ... on ComponentSidebarDropdown { title pages: pages_connection(pagination: { limit: -1 }) { data { attributes { ...PageRefFields } } } }
}`;

const SidebarLink = z
  .object({ __typename: z.literal("ComponentSidebarLink"), title: z.string().min(1), page: pageRef })
  .transform((i): SidebarItem => ({ kind: "link", title: i.title, page: i.page }));
const SidebarDropdown = z
  .object({ __typename: z.literal("ComponentSidebarDropdown"), title: z.string().min(1), pages: pageRefs })
  .transform((i): SidebarItem => ({ kind: "dropdown", title: i.title, pages: i.pages }));
const SidebarItemSchema = z.union([SidebarLink, SidebarDropdown]);

function sidebarItems(raw: unknown, group: string): SidebarItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown, index) => {
    const result = SidebarItemSchema.safeParse(item);
    if (result.success) return [result.data];
    log.warn("cms.sidebar_item_skipped", { group, index, issues: z.prettifyError(result.error) });
    return [];
  });
}

export const sidebarOperation = defineOperation({
  name: "sidebar",
  document: /* GraphQL */ `
    query sidebar {
      sidebar { data { attributes {
        ${SIDEBAR_GROUPS.map((group) => `${group} ${sidebarItemSelection}`).join("\n")}
      } } }
    }
    ${PAGE_REF_FIELDS}`,
  models: ["sidebar", "general-page"],
  documentModels: ["general-page"],
  schema: z.object({ sidebar: relationOne(z.record(z.string(), z.unknown())) }),
  map: (data, _vars: NoVars): Sidebar =>
    Object.fromEntries(SIDEBAR_GROUPS.map((group) => [group, sidebarItems(data.sidebar?.[group], group)])) as Sidebar,
});

export const footerOperation = defineOperation({
  name: "footer",
  document: /* GraphQL */ `
    query footer {
      footer { data { attributes {
        socialLinks { twitter facebook linkedIn instagram }
        contactFields { emailAddress organizationName phoneNumber poBox }
        address vatNumber
        links { title page { data { attributes { ...PageRefFields } } } }
      } } }
    }
    ${PAGE_REF_FIELDS}`,
  models: ["footer", "general-page"],
  documentModels: ["general-page"],
  schema: z.object({
    footer: relationOne(
      z.object({
        socialLinks: z
          .object({ twitter: optionalString, facebook: optionalString, linkedIn: optionalString, instagram: optionalString })
          .nullish(),
        contactFields: z
          .object({
            emailAddress: optionalString,
            organizationName: optionalString,
            phoneNumber: optionalString,
            poBox: optionalString,
          })
          .nullish(),
        address: optionalString,
        vatNumber: optionalString,
        links: z.array(z.object({ title: z.string().min(1), page: pageRef })).nullish(),
      }),
    ),
  }),
  map: (data, _vars: NoVars): Footer => ({
    socialLinks: data.footer?.socialLinks ?? { twitter: null, facebook: null, linkedIn: null, instagram: null },
    contactFields: data.footer?.contactFields ?? {
      emailAddress: null,
      organizationName: null,
      phoneNumber: null,
      poBox: null,
    },
    address: data.footer?.address ?? null,
    vatNumber: data.footer?.vatNumber ?? null,
    links: data.footer?.links ?? [],
  }),
});

export const navigationOperation = defineOperation({
  name: "navigation",
  document: /* GraphQL */ `
    query navigation {
      navigation { data { attributes {
        navLinkItems {
          label
          page { data { attributes { ...PageRefFields } } }
          childPages: childPages_connection(pagination: { limit: -1 }) { data { attributes { ...PageRefFields } } }
        }
      } } }
    }
    ${PAGE_REF_FIELDS}`,
  models: ["navigation", "general-page"],
  documentModels: ["general-page"],
  schema: z.object({
    navigation: relationOne(
      z.object({
        navLinkItems: z.array(z.object({ label: z.string().min(1), page: pageRef, childPages: pageRefs })).nullish(),
      }),
    ),
  }),
  map: (data, _vars: NoVars): Navigation => ({ navLinkItems: data.navigation?.navLinkItems ?? [] }),
});
