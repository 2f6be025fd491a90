import type { ClaimInvitationData } from "../../../domain/email";
import { A, Action, Facts, H2, P, paragraphs, textFacts, textHeading, type Fact } from "../parts";
import { template } from "../template";

const welcome = (d: ClaimInvitationData, siteName: string) =>
  `Dear ${d.name}, your ${d.membershipTitle} membership now lives on the ${siteName} website, so you can see it, renew it and open members-only pages there.`;
const HOW =
  "Sign in with this e-mail address, or, if you have no account on the website yet, create one with it (the link below). Once the address is verified (the website sends you a link to confirm it), your membership and member number appear on your membership page. Another address will not find it: only this one can claim it.";
const REGISTER = "/register?callbackUrl=%2Fuser%2Fmembership";
const facts = (d: ClaimInvitationData): Fact[] => [
  { label: "Membership", value: d.membershipTitle },
  ...(d.memberNumber === null ? [] : [{ label: "Member number", value: String(d.memberNumber) }]),
  { label: "Sign in with", value: d.email },
];

export const claimInvitation = template<ClaimInvitationData>({
  preview: (d) => `Sign in with ${d.email} to find your ${d.membershipTitle} membership on the website.`,
  heading: () => "Claim your membership online",
  reason: (_d, { brand }) => `You are receiving this because you are a member of ${brand.siteName} and we have moved our membership records to the website.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{welcome(d, ctx.brand.siteName)}</P>
      <Facts facts={facts(d)} />
      <H2>How to claim it</H2>
      <P>{HOW}</P>
      <Action href={ctx.link("/user/membership")}>Sign in and see your membership</Action>
      <P>
        No account yet? <A href={ctx.link(REGISTER)}>Create one with this address</A>.
      </P>
    </>
  ),
  text: (d, ctx) =>
    paragraphs(welcome(d, ctx.brand.siteName), textFacts(facts(d)), textHeading("How to claim it"), HOW, `Sign in and see your membership: ${ctx.link("/user/membership")}`, `No account yet? Create one with this address: ${ctx.link(REGISTER)}`),
});
