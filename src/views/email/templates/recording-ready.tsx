import type { RecordingReadyData } from "../../../domain/email";
import { Action, P, paragraphs } from "../parts";
import { template } from "../template";

const ready = (d: RecordingReadyData) => `The recording of ${d.webinarTitle} is ready. Sign in and open the webinar's page to watch it whenever you like.`;
const page = (d: RecordingReadyData) => `/webinars/${encodeURIComponent(d.webinarSlug)}`;

export const recordingReady = template<RecordingReadyData>({
  preview: (d) => `Watch ${d.webinarTitle} whenever you like.`,
  heading: () => "Your recording is ready",
  reason: (d, { brand }) => `You are receiving this because you booked ${d.webinarTitle} on ${brand.siteName} and notices about recordings are on for your account.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{ready(d)}</P>
      <Action href={ctx.link(page(d))}>Watch the recording</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(ready(d), `Watch the recording: ${ctx.link(page(d))}`),
});
