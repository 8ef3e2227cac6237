import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { approximateTokens, type LintRule, lintFindingLimit, lintPrompt } from "./prompt-lint.ts";

/** Each finding as its rule and the text it covers. */
function found(text: string, context?: Parameters<typeof lintPrompt>[1]) {
  return lintPrompt(text, context).map((f) => [f.rule, text.slice(f.from, f.to)]);
}

describe("lintPrompt", () => {
  it("finds nothing in a sound template, nor in braces that are not ours", () => {
    expect(
      found(
        "Write {{words:number|150}} words in a {{tone:choice(friendly,formal)|formal}} tone about {{topic}}; " +
          'return JSON like {"a": {"b": 1}}, fill [placeholder] and {single} and \\{{literal}}. {{> Intro}} {{today}}',
      ),
    ).toEqual([]);
  });

  it("finds a {{ never closed on its line, and a {{ }} with no name", () => {
    expect(found("Hello {{name\nthere }}  and {{ }} and {{|x}} and {{>}}")).toEqual([
      ["unclosed", "{{"],
      ["empty-variable", "{{ }}"],
      ["empty-variable", "{{|x}}"],
      ["empty-variable", "{{>}}"],
    ]);
  });

  it("finds another tool's template code", () => {
    expect(
      found(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions' syntax, as written
        "{{#each items}} {{/each}} {{ $json['name'] }} ${{ secrets.TOKEN }} {{{raw}}} style={{color}} {{#1.a#}}",
      ).map(([rule]) => rule),
    ).toEqual(Array(7).fill("foreign-syntax"));
  });

  it("finds a misspelt or unknown type, and a choice with no options", () => {
    expect(found("{{n:numbr}} {{t:lng}} {{x:select}} {{c:choice()}} {{Subject: topic}} x")).toEqual(
      [
        ["unknown-type", "{{n:numbr}}"],
        ["unknown-type", "{{t:lng}}"],
        ["unknown-type", "{{x:select}}"],
        ["unknown-type", "{{c:choice()}}"],
      ],
    );
    expect(lintPrompt("{{n:numbr}} x")[0]?.message).toBe(
      "“numbr” is not a type: did you mean number? The types are number, long, choice(…), yesno, date and multi(…).",
    );
  });

  it("finds a default its type refuses", () => {
    expect(found("{{n:number|many}} {{n2:number| 12.5 }} {{t:choice(a,b)|c}} x")).toEqual([
      ["bad-default", "{{n:number|many}}"],
      ["bad-default", "{{t:choice(a,b)|c}}"],
    ]);
  });

  it("finds a variable given two defaults or two types, at the second", () => {
    expect(
      found("{{tone|warm}} {{tone}} {{tone|warm}} {{tone|cold}} {{n:number}} {{n:long}} x"),
    ).toEqual([
      ["conflicting-variable", "{{tone|cold}}"],
      ["conflicting-variable", "{{n:long}}"],
    ]);
  });

  it("finds a snippet that does not exist, or that is the prompt itself, once titles are known", () => {
    const text = "{{> Intro}} {{> Outro}} {{> Me}}";
    expect(found(text)).toEqual([]);
    expect(found(text, { knownTitles: new Set(["intro", "me"]), ownTitle: "ME" })).toEqual([
      ["missing-snippet", "{{> Outro}}"],
      ["self-snippet", "{{> Me}}"],
    ]);
  });

  it("finds a prompt that is empty without its variables, but not one made of snippets", () => {
    expect(found("{{topic}} - {{tone}}!").map(([rule]) => rule)).toEqual(["empty-prompt"]);
    expect(found("{{> Intro}}\n{{topic}}")).toEqual([]);
    expect(found("")).toEqual([]);
  });

  // How its time grows with the text is measured by server/security/linear-parsers.test.ts.
  it("reports at most the limit, in order of place, however hostile the text", async ({
    annotate,
  }) => {
    const hostile = "{{ ".repeat(100_000);
    const started = performance.now();
    const findings = lintPrompt(hostile);
    await annotate(`300,000 characters linted in ${Math.round(performance.now() - started)} ms`);
    expect(findings).toHaveLength(lintFindingLimit);
    expect(findings.map((f) => f.from)).toEqual(
      [...findings.map((f) => f.from)].sort((a, b) => a - b),
    );
  });
});

describe("approximateTokens", () => {
  it("counts about a token per four characters or three quarters of a word", () => {
    expect(approximateTokens("")).toBe(0);
    expect(approximateTokens("Hi")).toBe(1);
    // 44 characters, 9 words: (11 + 12) / 2.
    expect(approximateTokens("The quick brown fox jumps over the lazy dog.")).toBe(12);
  });
});

describe("the 1,529 demo prompts", () => {
  const rows = parse(readFileSync(new URL("../seed/prompts.csv", import.meta.url), "utf8"), {
    columns: true,
  }) as { act: string; prompt: string }[];

  it("are linted, and what is found there is what this test records", async ({ annotate }) => {
    expect(rows).toHaveLength(1529);
    const counts = new Map<LintRule, number>();
    const prompts = new Map<LintRule, Set<string>>();
    const started = performance.now();
    for (const row of rows) {
      for (const finding of lintPrompt(row.prompt)) {
        counts.set(finding.rule, (counts.get(finding.rule) ?? 0) + 1);
        prompts.set(finding.rule, (prompts.get(finding.rule) ?? new Set()).add(row.act));
      }
    }
    await annotate(`1,529 prompts linted in ${Math.round(performance.now() - started)} ms`);
    // Checked by hand: each is another tool's template code (Dify's {{#1.x#}}, n8n's
    // {{ $json[…] }}, GitHub Actions' ${{ … }}, Handlebars' {{#each}} and {{{json …}}}, JSX's
    // style={{ … }}, code building "{{" + key + "}}"), which we would ask for as variables.
    // Nothing else is found: no single braces, [placeholders] or JSON are taken for ours.
    // GitHubTrends' four Handlebars {{#if x}}…{{/if}} (31 findings before sections existed) are
    // sections of ours now, each ended: they read as the template's own conditionals.
    expect(Object.fromEntries(counts)).toEqual({ "foreign-syntax": 23 });
    expect(Object.fromEntries([...prompts].map(([rule, acts]) => [rule, [...acts]]))).toEqual({
      "foreign-syntax": [
        "Professional Buyer Q&A Creator",
        "Product Promotion Expert",
        "Context7 Documentation Expert Agent",
        "GitHubTrends",
        "Socratic Lens",
        "Advanced Sales Funnel App with React Flow",
      ],
    });
  });
});
