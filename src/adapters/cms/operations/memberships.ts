/** Memberships and the join page. */
import * as z from "zod";
import type { JoinPage, Membership } from "../../../domain/content";
import { MEDIA_FIELDS, MEMBERSHIP_FIELDS, PAGE_REF_FIELDS, SEO_FIELDS } from "../fragments";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { markdownToSafeHtml } from "../rich-text";
import { MembershipAttributes, optionalRichText, optionalString, pageRef, registrationNumberPattern, relationOne, seo } from "../schemas";

type NoVars = Record<string, never>;

/** The join page's heading when its SEO gives no title. */
const DEFAULT_JOIN_TITLE = "Join us";

/** Every membership, a page at a time (list-page.ts), by title; documentId makes the order total. */
export const membershipsOperation = defineOperation({
  name: "memberships",
  document: /* GraphQL */ `
    query memberships(${PAGE_VARIABLES}) {
      memberships_connection(${PAGE_ARGUMENT}, sort: ["title:asc", "documentId:asc"]) { data { id attributes { ...MembershipFields } } ${PAGINATION_META} }
    }
    ${MEMBERSHIP_FIELDS}`,
  models: ["membership"],
  schema: z.object({
    memberships_connection: z.object({
      data: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), attributes: MembershipAttributes })),
      meta: paginationMeta,
    }),
  }),
  map: (data, _vars: PageVars) =>
    listPage<Membership>(
      data.memberships_connection.data.map((entity) => entity.attributes),
      data.memberships_connection.meta,
    ),
});

export const joinPageOperation = defineOperation({
  name: "joinPage",
  document: /* GraphQL */ `
    query joinPage {
      joinPage { data { attributes {
        seo { ...SeoFields }
        formIntro yourDetailsDescription addressDescription professionalDetailsDescription
        membershipDescription yourAccountDescription declarationDescription successMessage
        termsPage { data { attributes { ...PageRefFields } } }
        privacyPolicyPage { data { attributes { ...PageRefFields } } }
        specialisationOptions { label }
        registrationNumberPattern registrationNumberExample
      } } }
    }
    ${SEO_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["join-page", "general-page", "file"],
  documentModels: ["general-page"],
  schema: z.object({
    joinPage: relationOne(
      z.object({
        seo,
        // Markdown until the page's title is known (see map).
        formIntro: optionalString,
        yourDetailsDescription: optionalString,
        addressDescription: optionalString,
        professionalDetailsDescription: optionalString,
        membershipDescription: optionalString,
        yourAccountDescription: optionalString,
        declarationDescription: optionalString,
        successMessage: optionalRichText,
        termsPage: pageRef,
        privacyPolicyPage: pageRef,
        specialisationOptions: z
          .array(z.object({ label: z.string().min(1) }))
          .nullish()
          .transform((options) => (options ?? []).map((option) => option.label)),
        registrationNumberPattern,
        registrationNumberExample: optionalString,
      }),
    ),
  }),
  map: (data, _vars: NoVars): JoinPage | null => {
    if (!data.joinPage) return null;
    const { formIntro, ...page } = data.joinPage;
    const title = page.seo?.metaTitle ?? DEFAULT_JOIN_TITLE;
    // The page shows `title` as its h1, so an introduction that opens by repeating it loses that heading.
    return { ...page, title, formIntro: formIntro === null ? null : markdownToSafeHtml(formIntro, { pageTitle: title }) };
  },
});
