/** The plain-text part around every message: the same frame as the HTML, written for reading as text. */
import type { EmailBrand } from "../../domain/email";
import { paragraphs } from "./parts";

/** The society's name and how to reach it, one line each. */
export function contactLines(brand: EmailBrand): string[] {
  const { contact } = brand;
  const name = brand.organizationName ?? brand.siteName;
  const reach = [contact.phone ? `Telephone ${contact.phone}` : null, contact.email ? `E-mail ${contact.email}` : null].filter(Boolean).join(" · ");
  return [name, contact.address, contact.poBox ? `PO Box ${contact.poBox.replace(/^PO Box\s*/i, "")}` : null, reach || null].filter((line): line is string => Boolean(line));
}

export interface TextFrameInput {
  heading: string;
  body: string;
  reason: string;
  brand: EmailBrand;
  homeUrl: string;
  unsubscribe: { url: string; label: string } | null;
}

export function textFrame({ heading, body, reason, brand, homeUrl, unsubscribe }: TextFrameInput): string {
  return `${paragraphs(
    `${brand.siteName}\n${homeUrl}`,
    `${heading}\n${"=".repeat(heading.length)}`,
    body,
    "--",
    reason,
    unsubscribe ? `Do not want ${unsubscribe.label}? Unsubscribe from them here:\n${unsubscribe.url}` : null,
    contactLines(brand).join("\n"),
  )}\n`;
}
