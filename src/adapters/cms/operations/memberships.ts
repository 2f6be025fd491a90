/** Memberships and the join page. */
import * as z from "zod";
import type { JoinPage, Membership } from "../../../domain/content";
import { MEDIA_FIELDS, MEMBERSHIP_FIELDS, PAGE_REF_FIELDS, SEO_FIELDS } from "../fragments";
import { defineOperation } from "../operation";
import { markdownToSafeHtml } from "../rich-text";
import { MembershipAttributes, optionalRichText, optionalString, pageRef, registrationNumberPattern, relationMany, relationOne, seo } from "../schemas";

type NoVars = Record<string, never>;

/** The join page's heading when its SEO gives no title. */
const DEFAULT_JOIN_TITLE = "Join us";

export const membershipsOperation = defineOperation({
  name: "memberships",
  document: /* GraphQL */ `
    query memberships { memberships_connection(pagination: { limit: -1 }, sort: "title:asc") { data { id attributes { ...MembershipFields } } } }
    ${MEMBERSHIP_FIELDS}`,
  models: ["membership"],
  schema: z.object({ memberships_connection: relationMany(MembershipAttributes) }),
  map: (data, _vars: NoVars): Membership[] => data.memberships_connection,
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
