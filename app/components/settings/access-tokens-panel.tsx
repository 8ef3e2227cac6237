import { useRef, useState } from "react";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useRootData } from "~/lib/root-data.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import type { AccessTokenInfo } from "../../../shared/access-tokens.ts";
import { type CreatedToken, CreateTokenForm } from "./create-token-form.tsx";
import { NewTokenNotice } from "./new-token-notice.tsx";
import { RevokeTokenDialog } from "./revoke-token-dialog.tsx";
import { TokenList } from "./token-list.tsx";

/** Newest first. */
const readTokens = async () =>
  [...(await api<AccessTokenInfo[]>("GET", "/api/v1/tokens"))].reverse();

/**
 * Access tokens for AI clients and scripts: create one (shown once), see each one's use, revoke.
 * The list is fetched from the page, as the settings page keeps no data of its own.
 */
export function AccessTokensPanel(props: { isAdmin: boolean }) {
  const { origin } = useRootData();
  const { state, reload: load, setValue: setTokens } = useApiData(readTokens);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenInfo | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listRoot = useRef<HTMLDivElement>(null);
  /** Where focus goes once a revoked token's dialog closes: the next token's Revoke, or the list. */
  const focusAfterRevoke = useRef<string | null>(null);

  const tokens = state.kind === "ready" ? state.value : [];

  async function revoke(token: AccessTokenInfo): Promise<string | null> {
    try {
      await api("DELETE", `/api/v1/tokens/${token.id}`);
    } catch (error) {
      // Already gone (revoked in another tab): the list catches up, as if revoked here.
      if (!(error instanceof ApiError && error.status === 404)) {
        return error instanceof ApiError ? error.message : "The token could not be revoked.";
      }
    }
    const at = tokens.findIndex((each) => each.id === token.id);
    focusAfterRevoke.current = (tokens[at + 1] ?? tokens[at - 1])?.id ?? null;
    setTokens(tokens.filter((each) => each.id !== token.id));
    showNotice({
      kind: "success",
      title: "Token revoked",
      description: `"${token.name}" no longer works.`,
    });
    return null;
  }

  function focusRevokeButton(id: string | null) {
    const button = id
      ? listRoot.current?.querySelector<HTMLElement>(`[data-revoke="${id}"]`)
      : null;
    (button ?? listHeading.current)?.focus();
  }

  return (
    <div className="space-y-6">
      <div className="max-w-3xl space-y-2 text-sm text-fg-soft">
        <p>
          Access tokens let AI clients and scripts use your library: the MCP server at{" "}
          <code className="font-mono wrap-anywhere text-fg">{origin}/mcp</code> and the JSON API
          under <code className="font-mono text-fg">/api/v1</code>, with the header{" "}
          <code className="font-mono wrap-anywhere text-fg">
            Authorization: Bearer &lt;token&gt;
          </code>
          .
        </p>
        <p className="flex items-start gap-2 font-medium text-warning-text">
          <Icon name="shield-check" className="mt-0.5 h-4 w-4 shrink-0" />
          Treat a token like a password: anyone who has it can act as you.
        </p>
      </div>
      {created ? (
        <NewTokenNotice
          key={created.id}
          name={created.name}
          token={created.token}
          origin={origin}
          onDone={() => {
            setCreated(null);
            listHeading.current?.focus();
          }}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CreateTokenForm
          isAdmin={props.isAdmin}
          onCreated={(token) => {
            const { token: _secret, ...info } = token;
            setCreated(token);
            if (state.kind === "ready") setTokens([info, ...tokens]);
            else void load();
          }}
        />
        <div ref={listRoot} className="min-w-0">
          <h3 ref={listHeading} tabIndex={-1} className="font-semibold text-fg">
            Your tokens
          </h3>
          {state.kind !== "ready" ? (
            <ApiDataStatus
              state={state}
              what="tokens"
              onRetry={() => void load()}
              className="mt-3"
            />
          ) : (
            <TokenList tokens={state.value} onRevoke={setRevoking} />
          )}
        </div>
      </div>
      {revoking ? (
        <RevokeTokenDialog
          key={revoking.id}
          token={revoking}
          onRevoke={() => revoke(revoking)}
          onClosed={(revoked) => {
            setRevoking(null);
            focusRevokeButton(revoked ? focusAfterRevoke.current : revoking.id);
          }}
        />
      ) : null}
    </div>
  );
}
