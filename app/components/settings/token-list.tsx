import { LocalDate } from "~/components/prompt/local-date.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { AccessTokenInfo } from "../../../shared/access-tokens.ts";

/** The person's tokens, newest first, each with what it may do, its dates and a Revoke button. */
export function TokenList(props: {
  tokens: AccessTokenInfo[];
  onRevoke: (token: AccessTokenInfo) => void;
}) {
  if (props.tokens.length === 0) {
    return <p className="mt-3 text-sm text-muted">No tokens yet</p>;
  }
  const now = Date.now();
  return (
    <ul className="mt-3 divide-y divide-line rounded-xl ring-1 ring-line">
      {props.tokens.map((token) => (
        <li
          key={token.id}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-fg">{token.name}</p>
            <p className="mt-1 flex flex-wrap gap-1.5">
              <span className="card-badge mt-0 bg-subtle text-fg-soft">
                {token.scope === "write" ? "Read and write" : "Read only"}
              </span>
              {token.admin ? (
                <span className="card-badge mt-0 bg-warning-soft text-warning-text">
                  Admin rights
                </span>
              ) : null}
            </p>
            {token.client ? (
              <p className="mt-1 text-sm break-words text-fg-soft">Connected app: {token.client}</p>
            ) : null}
            <p className="mt-1 text-sm text-muted">
              Created <LocalDate value={token.createdAt} /> · <Expiry token={token} now={now} /> ·{" "}
              {token.lastUsedAt ? (
                <>
                  Last used <LocalDate value={token.lastUsedAt} />
                </>
              ) : (
                "Never used"
              )}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            aria-label={`Revoke ${token.name}`}
            aria-haspopup="dialog"
            data-revoke={token.id}
            onClick={() => props.onRevoke(token)}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Expiry(props: { token: AccessTokenInfo; now: number }) {
  const { expiresAt } = props.token;
  if (!expiresAt) return <>Never expires</>;
  if (new Date(expiresAt).getTime() <= props.now) {
    return (
      <span className="font-medium text-danger-text">
        Expired <LocalDate value={expiresAt} />
      </span>
    );
  }
  return (
    <>
      Expires <LocalDate value={expiresAt} />
    </>
  );
}
