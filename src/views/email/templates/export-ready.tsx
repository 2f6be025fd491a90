import type { ExportReadyData } from "../../../domain/email";
import { formatDate, formatTime } from "../../format";
import { Action, Facts, P, paragraphs, textFacts, type Fact } from "../parts";
import { template } from "../template";

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString("en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
const until = (d: ExportReadyData) => `${formatDate(new Date(d.expiresAt), "long")}, ${formatTime(new Date(d.expiresAt))}`;

const facts = (d: ExportReadyData): Fact[] => [
  { label: "List", value: `${d.noun[0]!.toUpperCase()}${d.noun.slice(1)} (${d.filter})` },
  { label: "Rows", value: d.rows.toLocaleString("en-GB") },
  { label: "Size", value: megabytes(d.bytes) },
  { label: "Available until", value: until(d) },
];

const intro = (d: ExportReadyData) => `The export of ${d.noun} you asked for is complete: every matching row is in the file.`;
const privacy = (d: ExportReadyData) =>
  `The file holds personal data. It can be downloaded only by signed-in staff whose role includes ${d.noun}, and it is deleted on ${formatDate(new Date(d.expiresAt), "long")}. Keep any copy you save somewhere safe, and delete it when you are done.`;

export const exportReady = template<ExportReadyData>({
  preview: (d) => `${d.rows.toLocaleString("en-GB")} ${d.noun}, ready until ${formatDate(new Date(d.expiresAt), "long")}.`,
  heading: () => "Your export is ready",
  reason: (_d, { brand }) => `You are receiving this because you asked ${brand.siteName}'s staff pages for this export.`,
  Body: ({ data: d, ctx }) => (
    <>
      <P>{intro(d)}</P>
      <Facts facts={facts(d)} />
      <P>{privacy(d)}</P>
      <Action href={ctx.link(d.staffPath)}>Open your exports</Action>
    </>
  ),
  text: (d, ctx) => paragraphs(intro(d), textFacts(facts(d)), privacy(d), `Open your exports (staff sign-in needed): ${ctx.link(d.staffPath)}`),
});
