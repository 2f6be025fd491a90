/** Pieces the e-mail templates share, in HTML and in plain text. */
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { styles } from "./styles";

export const P = ({ children }: { children: ReactNode }) => <Text style={styles.p}>{children}</Text>;

export const H2 = ({ children }: { children: ReactNode }) => (
  <Heading as="h2" style={styles.h2}>
    {children}
  </Heading>
);

export const A = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} style={styles.link}>
    {children}
  </Link>
);

/** The message's main action. */
export const Action = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={{ margin: "8px 0 24px" }}>
    <Button href={href} style={styles.button}>
      {children}
    </Button>
  </Section>
);

export interface Fact {
  label: string;
  value: string;
}

/** Labelled facts (reference, amount, dates), one under another so they read well on phones. */
export const Facts = ({ facts }: { facts: readonly Fact[] }) => (
  <Section style={{ margin: "0 0 8px" }}>
    {facts.map((fact) => (
      <div key={fact.label}>
        <Text style={styles.factLabel}>{fact.label}</Text>
        <Text style={styles.factValue}>{fact.value}</Text>
      </div>
    ))}
  </Section>
);

/** Text set apart, keeping its line breaks (payment instructions, a reason quoted). */
export const Panel = ({ children }: { children: ReactNode }) => (
  <Section style={styles.panel}>
    <Text style={styles.panelText}>{children}</Text>
  </Section>
);

/** Plain-text facts: "Reference: GH-1234", one a line. */
export const textFacts = (facts: readonly Fact[]): string => facts.map((fact) => `${fact.label}: ${fact.value}`).join("\n");

/** A sub-heading in plain text, underlined so it stands out without markup. */
export const textHeading = (heading: string): string => `${heading}\n${"-".repeat(heading.length)}`;

/** Paragraphs joined by blank lines, leaving out the empty ones. */
export const paragraphs = (...parts: (string | null | false | undefined)[]): string => parts.filter(Boolean).join("\n\n");
