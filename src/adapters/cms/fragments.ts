/**
 * GraphQL fragments shared by the operations. Strapi's GraphQL plugin runs in v4
 * compatibility mode, so every relation reads `{ data { id attributes { … } } }`.
 */
export const MEDIA_FIELDS = /* GraphQL */ `
fragment MediaFields on UploadFile { url previewUrl width height alternativeText name hash ext mime formats }`;

export const PAGE_REF_FIELDS = /* GraphQL */ `
fragment PageRefFields on GeneralPage { documentId title slug type }`;

export const SEO_FIELDS = /* GraphQL */ `
fragment SeoFields on ComponentSharedSeo {
  metaTitle metaDescription
  shareImage { data { attributes { ...MediaFields } } }
}`;

export const WEBINAR_SUMMARY_FIELDS = /* GraphQL */ `
fragment WebinarSummaryFields on Webinar {
  documentId name slug date durationMinutes
  defaultPrice stripePriceId stripeProductId memberPrice memberPriceId
  defaultFreeDate defaultArchiveDate memberFreeDate memberArchiveDate vatTreatment
  image { data { attributes { ...MediaFields } } }
  bundle { data { attributes { bundleName slug } } }
}`;

export const MEMBERSHIP_FIELDS = /* GraphQL */ `
fragment MembershipFields on Membership {
  documentId title slug description stripePriceId price joiningFee vatTreatment
  evidence { registrationNumber yearQualified workplace placeOfStudy registrationNumberPattern registrationNumberExample }
  needsApproval requiredDocuments { name hint }
}`;

const page = "{ data { attributes { ...PageRefFields } } }";
const media = "{ data { attributes { ...MediaFields } } }";

/** One fragment per block kind; spread all of them into any `blocks` dynamic zone. */
export const BLOCK_FIELDS = /* GraphQL */ `
fragment TextBlock on ComponentBlocksText { id content }
fragment TextWithImageBlock on ComponentBlocksTextWithImage { id content imagePosition image ${media} }
fragment ImageBlock on ComponentBlocksImage { id caption image ${media} }
fragment ButtonBlock on ComponentBlocksButton { id title externalLink alignment internalLink ${page} }
fragment CardListBlock on ComponentBlocksCardList {
  id title
  cardBlocks { title bottomLinkText content generalPage ${page} image ${media} }
}
fragment WebinarsListBlock on ComponentBlocksWebinarsList {
  id title filter
  webinars: webinars_connection(pagination: { limit: -1 }, sort: "date:asc") { data { id attributes { ...WebinarSummaryFields } } }
}
fragment FlipbookBlock on ComponentBlocksFlipbook { id subjectTitle flipbookLink file ${media} }
fragment EmbedBlock on ComponentBlocksEmbed { id title snippet }
fragment MembershipSettingsBlock on ComponentBlocksMembershipSettings {
  id subscriptionPriceId offlinePriceId initialPriceId halfOffCouponId
  membership { data { id attributes { ...MembershipFields } } }
}
fragment HeroBannerBlock on ComponentBlocksHeroBanner {
  id preTitle title subtitle image ${media}
  callToAction { label url page ${page} }
}
fragment LargeCardsBlock on ComponentBlocksLargeCards {
  id title
  cards { title subtitle link ${page} image ${media} }
}
${WEBINAR_SUMMARY_FIELDS}
${MEMBERSHIP_FIELDS}`;

export const BLOCKS_SELECTION = `blocks {
  __typename
  ...TextBlock ...TextWithImageBlock ...ImageBlock ...ButtonBlock ...CardListBlock ...WebinarsListBlock
  ...FlipbookBlock ...EmbedBlock ...MembershipSettingsBlock ...HeroBannerBlock ...LargeCardsBlock
}`;
