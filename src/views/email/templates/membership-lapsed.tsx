import type { MembershipLapsedData } from "../../../domain/email";
import { day } from "../email-format";
import { Action, H2, P, paragraphs, textHeading } from "../parts";
import { template } from "../template";

const lapsed = (d: MembershipLapsedData) =>
  `Dear ${d.givenName}, your ${d.membershipTitle} membership lapsed on ${day(d.lapsedOn)}, so members-only pages and member prices are no longer open to you.`;
const REJOIN = "You can rejoin at any time: choose a membership and fill in the join form. Your account, and the webinars you have bought, stay as they are.";

export const membershipLapsed = template<MembershipLapsedData>({
  preview: (d) => `Your ${d.membershipTitle} membership ended on ${day(d.lapsedOn)}. You can rejoin at any time.`,
  heading: () => "Your membership has lapsed",
  reason: (_d, { brand }) => `You are receiving this because your ${brand.siteName} membership has ended.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{lapsed(d)}</P>
      <H2>How to rejoin</H2>
      <P>{REJOIN}</P>
      <Action href={ctx.link("/join")}>Rejoin</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(lapsed(d), textHeading("How to rejoin"), REJOIN, `Rejoin: ${ctx.link("/join")}`),
});
