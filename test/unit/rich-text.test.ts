import { describe, expect, it } from "vitest";
import { markdownToSafeHtml } from "../../src/adapters/cms/rich-text";

const html = (markdown: string) => markdownToSafeHtml(markdown).html;

describe("CMS rich text", () => {
  it("renders Markdown, including tables and links", () => {
    const out = html("## Heading\n\nSome **bold** and a [link](https://guild.example).\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(out).toContain("<h2>Heading</h2>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain('<a href="https://guild.example">link</a>');
    expect(out).toContain("<table>");
  });

  it("keeps harmless raw HTML", () => {
    expect(html("<p>Hello <em>there</em></p>")).toBe("<p>Hello <em>there</em></p>");
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>Hi", /<script|alert\(1\)<\/script/],
    ["an event handler", '<img src="/uploads/a.png" onerror="alert(1)">', /onerror/i],
    ["an inline handler on a link", '<a href="/x" onclick="steal()">x</a>', /onclick/i],
    ["a javascript: link in Markdown", "[click](javascript:alert(1))", /javascript:/i],
    ["a javascript: link in HTML", '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ["an entity-encoded javascript: link", '<a href="&#106;avascript:alert(1)">x</a>', /javascript|&#106;/i],
    ["a data: URL", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ["a style tag", "<style>body{display:none}</style>", /<style/i],
    ["a style attribute", '<p style="position:fixed">x</p>', /style=/i],
    ["a form", '<form action="https://evil.example"><input name="password"></form>', /<form|<input/i],
    ["an svg with script", "<svg><script>alert(1)</script></svg>", /<svg|<script/i],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/i],
    ["a base tag", '<base href="https://evil.example/">', /<base/i],
    ["an object", '<object data="https://evil.example/x.swf"></object>', /<object/i],
  ])("removes %s", (_name, input, forbidden) => {
    expect(html(input)).not.toMatch(forbidden);
  });

  it("closes broken HTML instead of letting it swallow the page", () => {
    const out = html("<div><p>unclosed <strong>bold");
    expect(out.match(/<strong>/g)?.length).toBe(out.match(/<\/strong>/g)?.length);
    expect(out.match(/<div>/g)?.length ?? 0).toBe(out.match(/<\/div>/g)?.length ?? 0);
  });

  it("writes < and > inside attribute values as character references, so no tag hides in one", () => {
    expect(html('<span title="</p><b>x</b>">y</span>')).toBe('<p><span title="&lt;/p&gt;&lt;b&gt;x&lt;/b&gt;">y</span></p>');
    expect(html('<img src="/uploads/a.png" alt="pain > 3 months">')).toContain('alt="pain &gt; 3 months"');
  });

  it("prefixes ids so content cannot clobber the page's own elements", () => {
    expect(html('<p id="main-content">x</p>')).toContain('id="user-content-main-content"');
  });

  it("gives empty HTML for empty input", () => {
    expect(html("   ")).toBe("");
  });
});
