import { describe, expect, it } from "vitest";
import { copilotText } from "./export-prompt-files.ts";
import { copilotTemplate } from "./read-prompt-file.ts";

describe("templates in .prompt.md files", () => {
  it("write a snippet as it stands and read it back as one; a typed variable keeps its name and default", () => {
    const text = "Hi {{> Sign off}}, in a {{tone:choice(warm,dry)|dry}} tone, \\{{> not one}}";
    const written = copilotText(text);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Copilot's syntax, as the file holds it
    expect(written).toBe("Hi {{> Sign off}}, in a ${input:tone:dry} tone, {{> not one}}");
    // A file cannot tell a literal {{> from a snippet: the escaped one comes back as a snippet.
    expect(copilotTemplate(written)).toBe(
      "Hi {{> Sign off}}, in a {{tone|dry}} tone, {{> not one}}",
    );
  });
});
