/**
 * The e-mails' look: inline styles (e-mail clients ignore most stylesheets), the site's deep teal
 * and gold, system fonts. Every text colour meets WCAG AA on its background (checked by
 * test/unit/email-templates.test.ts).
 */
import type { CSSProperties } from "react";

export const COLOURS = {
  page: "#f3f5f6",
  card: "#ffffff",
  text: "#1f2933",
  muted: "#4a5661",
  teal: "#0b4f5c",
  gold: "#b8860b",
  onTeal: "#ffffff",
  rule: "#d5dbdf",
  panel: "#eef3f4",
} as const;

const sans = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const serif = "Georgia, 'Times New Roman', serif";

export const styles = {
  body: { backgroundColor: COLOURS.page, color: COLOURS.text, fontFamily: sans, margin: 0, padding: "24px 0" },
  container: { backgroundColor: COLOURS.card, maxWidth: "600px", margin: "0 auto", borderTop: `4px solid ${COLOURS.gold}` },
  header: { backgroundColor: COLOURS.teal, padding: "16px 32px" },
  brand: { color: COLOURS.onTeal, fontFamily: serif, fontSize: "22px", lineHeight: "28px", margin: 0 },
  tagline: { color: COLOURS.onTeal, fontSize: "14px", lineHeight: "20px", margin: 0 },
  logo: { display: "inline-block", verticalAlign: "middle", marginRight: "12px", borderRadius: "4px" },
  content: { padding: "24px 32px 8px" },
  h1: { color: COLOURS.teal, fontFamily: serif, fontSize: "26px", lineHeight: "32px", margin: "0 0 16px" },
  h2: { color: COLOURS.teal, fontFamily: serif, fontSize: "19px", lineHeight: "26px", margin: "24px 0 8px" },
  p: { color: COLOURS.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  link: { color: COLOURS.teal, textDecoration: "underline" },
  button: {
    backgroundColor: COLOURS.teal,
    color: COLOURS.onTeal,
    fontSize: "16px",
    fontWeight: 600,
    lineHeight: "24px",
    padding: "12px 20px",
    borderRadius: "4px",
    textDecoration: "none",
    display: "inline-block",
  },
  panel: { backgroundColor: COLOURS.panel, padding: "12px 16px", margin: "0 0 16px", borderLeft: `4px solid ${COLOURS.teal}` },
  panelText: { color: COLOURS.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 4px", whiteSpace: "pre-line" },
  factLabel: { color: COLOURS.muted, fontSize: "14px", lineHeight: "20px", margin: 0 },
  factValue: { color: COLOURS.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px", fontWeight: 600 },
  rule: { borderColor: COLOURS.rule, margin: "16px 0" },
  footer: { padding: "0 32px 24px" },
  footerText: { color: COLOURS.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 8px" },
  footerLink: { color: COLOURS.muted, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;
