import { describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import {
  actionOrFailure,
  failureNotice,
  type PromptActionResult,
  type PromptIntent,
} from "./prompt-actions.ts";

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

describe("failureNotice picks the catalogue's notice by code and detail", () => {
  const failure = (
    intent: PromptIntent | null,
    error: Extract<PromptActionResult, { ok: false }>["error"],
  ) => ({ ok: false as const, intent, error });

  it("blank content, whatever the message says", () => {
    const blank = { code: "invalid_input", detail: "prompt_content_missing" } as const;
    for (const message of ["promptText: Please enter prompt content", "Le texte est vide"]) {
      expect(failureNotice(failure("create", { ...blank, message }))).toBe(
        messages.enterPromptContent,
      );
      expect(failureNotice(failure("update", { ...blank, message }), { global: true })).toBe(
        messages.enterPromptContent,
      );
    }
  });

  it("a message that reads like blank content, without the detail, is a failed save", () => {
    const lookalike = { code: "invalid_input", message: "Please enter prompt content" } as const;
    expect(failureNotice(failure("create", lookalike))).toBe(messages.saveFailed);
    expect(failureNotice(failure("create", lookalike), { global: true })).toBe(
      messages.globalSaveFailed,
    );
  });

  it("a save without a session asks to sign in; a delete says it failed", () => {
    const signedOut = { code: "unauthenticated", message: "Please sign in" } as const;
    expect(failureNotice(failure("create", signedOut))).toBe(messages.signInToSave);
    expect(failureNotice(failure(null, signedOut))).toBe(messages.signInToSave);
    expect(failureNotice(failure("delete", signedOut))).toBe(messages.deleteFailed);
    expect(failureNotice(failure("delete", signedOut), { global: true })).toBe(
      messages.globalDeleteFailed,
    );
  });

  it("anything else is a failed save or delete", () => {
    const gone = { code: "not_found", detail: "prompt_not_found", message: "x" } as const;
    expect(failureNotice(failure("update", gone))).toBe(messages.saveFailed);
    expect(failureNotice(failure("delete", gone))).toBe(messages.deleteFailed);
    const offline = { code: "unavailable", message: "The request failed" } as const;
    expect(failureNotice(failure("create", offline), { global: true })).toBe(
      messages.globalSaveFailed,
    );
  });
});
