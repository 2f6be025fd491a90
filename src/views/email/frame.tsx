/** The HTML around every message: brand, heading, body, then why it was sent and how to reach the society. */
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { EmailBrand } from "../../domain/email";
import { styles } from "./styles";
import { contactLines } from "./text-frame";

export interface FrameProps {
  subject: string;
  preview: string;
  heading: string;
  reason: string;
  brand: EmailBrand;
  homeUrl: string;
  unsubscribe: { url: string; label: string } | null;
  children: ReactNode;
}

export function Frame({ subject, preview, heading, reason, brand, homeUrl, unsubscribe, children }: FrameProps) {
  const tagline = brand.organizationName && brand.organizationName !== brand.siteName ? brand.organizationName : null;
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={homeUrl} style={{ textDecoration: "none" }}>
              {brand.logo ? (
                // The name beside it says who it is from, so the logo itself is decorative.
                <Img src={brand.logo.url} alt="" width={40} height={40} style={styles.logo} />
              ) : null}
              <Text style={{ ...styles.brand, display: "inline-block", verticalAlign: "middle" }}>{brand.siteName}</Text>
            </Link>
            {tagline ? <Text style={styles.tagline}>{tagline}</Text> : null}
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.h1}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.rule} />
            <Text style={styles.footerText}>{reason}</Text>
            {unsubscribe ? (
              <Text style={styles.footerText}>
                Do not want {unsubscribe.label}?{" "}
                <Link href={unsubscribe.url} style={styles.footerLink}>
                  Unsubscribe from them
                </Link>
                .
              </Text>
            ) : null}
            {contactLines(brand).map((line) => (
              <Text key={line} style={styles.footerText}>
                {line}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
