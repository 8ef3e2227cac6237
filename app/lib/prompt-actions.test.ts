import { expect, it } from "vitest";
import { actionOrFailure, type PromptActionResult } from "./prompt-actions.ts";

const refused: PromptActionResult = {
  ok: false,
  intent: null,
  error: { code: "invalid_input", message: "The form could not be read." },
};

it.each([
  ["JSON", "application/json", JSON.stringify({ intent: "create" })],
  ["plain text", "text/plain", "intent=create"],
  ["a multipart body cut short", "multipart/form-data; boundary=cut", "--cut\r\nContent-Dis"],
])(
  "hands a submission sent as %s to the server, and gives back its answer",
  async (_, type, body) => {
    const request = new Request("http://localhost/dashboard", {
      method: "POST",
      headers: { "content-type": type },
      body,
    });
    await expect(actionOrFailure(request, async () => refused)).resolves.toEqual(refused);
  },
);

it("answers a failed request with the form's intent", async () => {
  const request = new Request("http://localhost/dashboard", {
    method: "POST",
    body: new URLSearchParams({ intent: "delete", id: "x" }),
  });
  const result = await actionOrFailure(request, () => Promise.reject(new Error("offline")));
  expect(result).toMatchObject({ ok: false, intent: "delete", error: { code: "unavailable" } });
});
