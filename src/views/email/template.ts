/**
 * What every e-mail template provides. The frame (frame.tsx, text-frame.ts) adds the brand, the
 * heading, why the reader got the message, the unsubscribe link where there is one, and the
 * society's contact details, to both parts. The plain-text part is written for itself, not
 * derived from the HTML.
 */
import type { ReactNode } from "react";
import type { EmailBrand } from "../../domain/email";

export interface TemplateContext {
  brand: EmailBrand;
  /** An absolute URL for a site path. */
  link: (path: string) => string;
  recipient: string;
}

export interface EmailTemplate<D> {
  /** The line the inbox shows after the subject. */
  preview(data: D, ctx: TemplateContext): string;
  heading(data: D, ctx: TemplateContext): string;
  /** Why the reader got this message, as a sentence. */
  reason(data: D, ctx: TemplateContext): string;
  Body(props: { data: D; ctx: TemplateContext }): ReactNode;
  /** The same content as `Body`, as plain text: paragraphs separated by blank lines. */
  text(data: D, ctx: TemplateContext): string;
}

/** Typed helper for declaring a template. */
export const template = <D>(t: EmailTemplate<D>): EmailTemplate<D> => t;
