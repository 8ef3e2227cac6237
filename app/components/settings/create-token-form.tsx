import { useRef, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { ApiError, api } from "~/lib/api-client.ts";
import {
  type AccessScope,
  type AccessTokenInfo,
  tokenExpiryDays,
  tokenNameMaxLength,
} from "../../../shared/access-tokens.ts";

export type CreatedToken = AccessTokenInfo & { token: string };

const expiryLabels: Record<string, string> = {
  7: "7 days",
  30: "30 days",
  90: "90 days",
  365: "1 year",
  never: "Never",
};

/** Name, access and expiry of a new token (and admin rights, for an administrator). */
export function CreateTokenForm(props: {
  isAdmin: boolean;
  onCreated: (token: CreatedToken) => void;
}) {
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AccessScope>("read");
  const [expiry, setExpiry] = useState("30");
  const [admin, setAdmin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; aboutName: boolean } | null>(null);

  async function create() {
    if (busy) return;
    if (!name.trim()) {
      setProblem({ text: "Please name the token", aboutName: true });
      nameField.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const created = await api<CreatedToken>("POST", "/api/v1/tokens", {
        name: name.trim(),
        scope,
        expiresInDays: expiry === "never" ? null : Number(expiry),
        ...(props.isAdmin ? { admin } : {}),
      });
      setName("");
      setAdmin(false);
      props.onCreated(created);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? {
              text: error.message.replace(/^name: /, ""),
              aboutName: error.message.startsWith("name: "),
            }
          : { text: "The token could not be created. Please try again.", aboutName: false },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="create-token-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h3 id="create-token-heading" className="font-semibold text-fg">
        Create a token
      </h3>
      <div>
        <label htmlFor="token-name" className="text-sm font-medium text-fg">
          Name
        </label>
        <input
          ref={nameField}
          id="token-name"
          required
          autoComplete="off"
          maxLength={tokenNameMaxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Claude on my laptop"
          aria-invalid={problem?.aboutName || undefined}
          aria-describedby={problem?.aboutName ? "create-token-problem" : undefined}
          className={fieldClass}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-fg">Access</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          {(["read", "write"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-fg">
              <input
                type="radio"
                name="token-scope"
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              {value === "read" ? "Read only" : "Read and write"}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="token-expiry" className="text-sm font-medium text-fg">
          Expires
        </label>
        <select
          id="token-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className={`${fieldClass} max-w-48`}
        >
          {tokenExpiryDays.map((days) => {
            const value = days === null ? "never" : String(days);
            return (
              <option key={value} value={value}>
                {expiryLabels[value]}
              </option>
            );
          })}
        </select>
      </div>
      {props.isAdmin ? (
        <label className="flex items-start gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={admin}
            onChange={(event) => setAdmin(event.target.checked)}
            className="mt-1"
          />
          Include admin rights
        </label>
      ) : null}
      {problem ? (
        <p
          id="create-token-problem"
          role="alert"
          className="rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
        >
          {problem.text}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Creating..." : "Create token"}
      </Button>
    </form>
  );
}
