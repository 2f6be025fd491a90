/** Applicants' documents are accepted by what their bytes are, never by their name or declared type. */
import { describe, expect, it } from "vitest";
import { checkDocument, checkRequiredDocuments, cleanFileName, documentTypeOf } from "../../../src/services/vetting/document-file";
import { DOCUMENT_MAX_BYTES, documentField } from "../../../src/shared/applicant-documents";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);
const sent = (name: string, content: Uint8Array, size = content.byteLength) => ({ name, size, bytes: async () => content });

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const PDF = text("%PDF-1.7\n");

describe("documentTypeOf", () => {
  it("knows PDF, JPEG and PNG by their first bytes", () => {
    expect(documentTypeOf(PDF)).toBe("application/pdf");
    expect(documentTypeOf(JPEG)).toBe("image/jpeg");
    expect(documentTypeOf(PNG)).toBe("image/png");
  });

  it("knows nothing else: a script, an SVG, an HTML page, a GIF, an empty file, a truncated signature", () => {
    for (const content of [text("<script>alert(1)</script>"), text('<svg xmlns="http://www.w3.org/2000/svg"/>'), text("<!doctype html>"), text("GIF89a"), bytes(), bytes(0x89, 0x50, 0x4e)]) {
      expect(documentTypeOf(content)).toBeNull();
    }
  });
});

describe("checkDocument", () => {
  it("accepts a PDF whatever its name says, keeping the name cleaned", async () => {
    const checked = await checkDocument("Registration certificate", sent("../../etc/cert<1>.txt", PDF));
    expect(checked).toEqual({ ok: true, document: { requirement: "Registration certificate", fileName: "cert_1_.txt", contentType: "application/pdf", bytes: PDF } });
  });

  it("refuses an 'image' that is really a script, a file too big, an empty one and none, each in words", async () => {
    const script = await checkDocument("Student card", sent("card.png", text("<script>alert(1)</script>")));
    expect(script).toEqual({ ok: false, message: "Your student card must be a PDF, JPEG or PNG file. The file you chose is not one of these, whatever its name says" });
    const big = await checkDocument("Student card", sent("card.png", PNG, DOCUMENT_MAX_BYTES + 1));
    expect(big.ok || big.message).toMatch(/must be 5 MB or smaller/);
    const empty = await checkDocument("Student card", sent("card.png", bytes(), 0));
    expect(empty.ok || empty.message).toMatch(/is empty/);
    const none = await checkDocument("Student card", null);
    expect(none).toEqual({ ok: false, message: "Upload your student card" });
  });
});

describe("checkRequiredDocuments", () => {
  it("names each problem by its field, and passes on the documents that are fine", async () => {
    const required = [{ name: "Registration certificate", hint: null }, { name: "Proof of address", hint: null }];
    const certificate = new File([PNG], "c.png", { type: "image/png" });
    const body = { [documentField(required[0]!)]: certificate, [documentField(required[1]!)]: new File(["#!/bin/sh"], "a.jpg", { type: "image/jpeg" }) };
    const { documents, errors } = await checkRequiredDocuments(required, body);
    expect(documents.map((d) => d.requirement)).toEqual(["Registration certificate"]);
    expect(Object.keys(errors)).toEqual(["document-proof-of-address"]);
  });
});

it("cleanFileName keeps a readable name and never an empty one", () => {
  expect(cleanFileName("C:\\scans\\Registration (2026).pdf")).toBe("Registration (2026).pdf");
  expect(cleanFileName("")).toBe("document");
});
