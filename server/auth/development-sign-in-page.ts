import { html } from "hono/html";

/** The development provider's page: an email, a name, Sign in or Cancel. */
export function signInPage(uid: string, problem?: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Development sign-in</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0; }
      main { max-width: 24rem; margin: 10vh auto; background: #fff; padding: 2rem; border-radius: 1rem; box-shadow: 0 10px 30px #0f172a1a; }
      h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
      p { color: #475569; margin: 0 0 1.5rem; }
      label { display: block; font-weight: 600; margin-top: 1rem; }
      input { box-sizing: border-box; width: 100%; font: inherit; padding: .6rem .75rem; margin-top: .25rem; border: 1px solid #94a3b8; border-radius: .5rem; }
      .problem { color: #b91c1c; font-weight: 600; }
      .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
      button { font: inherit; font-weight: 600; padding: .6rem 1rem; border-radius: .5rem; border: 1px solid #4f46e5; cursor: pointer; }
      button[value=login] { background: #4f46e5; color: #fff; flex: 1; }
      button[value=cancel] { background: #fff; color: #4f46e5; }
    </style>
  </head>
  <body>
    <main>
      <h1>Development sign-in</h1>
      <p>Google sign-in is not configured, so any email signs in here. This page only runs on this machine.</p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : ""}
      <form method="post" action="/dev-idp/interaction/${uid}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required autofocus />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" autocomplete="name" />
        <div class="actions">
          <button type="submit" name="action" value="login">Sign in</button>
          <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
        </div>
      </form>
    </main>
  </body>
</html>`.toString();
}

export function expiredPage() {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Development sign-in</title>
  </head>
  <body>
    <h1>This sign-in has ended</h1>
    <p><a href="/">Go back to PromptShelf</a> and sign in again.</p>
  </body>
</html>`.toString();
}
