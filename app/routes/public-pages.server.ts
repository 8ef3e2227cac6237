import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import { findPublicCollection } from "../../server/collections/find-public-collection.ts";
import { findPublicProfile } from "../../server/profiles/find-public-profile.ts";
import { collectionImageFields, imageVersion } from "../../server/social-images/image-fields.ts";
import { profilePath } from "../../shared/profile.ts";

/**
 * The loaders of the public profile and collection pages: the same for every visitor, so they
 * never read the viewer. Each 200 names what it shows in `X-Kept-Tags`, so the kept copy is
 * dropped as soon as that changes; anything not found is a plain 404, whatever the reason.
 */
interface PageArgs {
  url: URL;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

const notFound = () => data(null, { status: 404 });

/** Only `?page=N` (N from 2) is part of a profile page's address; the rest is dropped. */
function pageOf(url: URL): number | undefined {
  const value = url.searchParams.get("page");
  if (value === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : undefined;
}

export async function loadProfilePage(args: PageArgs) {
  const handle = args.params.handle ?? "";
  const page = pageOf(args.url);
  if (page === undefined || handle.length > 100) throw notFound();
  const profile = await findPublicProfile({ db: args.context.get(appContext).db, handle, page });
  if (!profile) throw notFound();
  const canonical = `${profilePath(profile.handle)}${page > 1 ? `?page=${page}` : ""}`;
  if (`${args.url.pathname}${args.url.search}` !== canonical) throw redirect(canonical, 301);
  return data(profile, {
    headers: { "X-Kept-Tags": `profile:${profile.userId} community` },
  });
}

export async function loadCollectionPage(args: PageArgs) {
  const collection = await findPublicCollection({
    db: args.context.get(appContext).db,
    ref: args.params.ref ?? "",
  });
  if (!collection) throw notFound();
  if (args.url.pathname !== collection.path || args.url.search) {
    throw redirect(collection.path, 301);
  }
  // Its social image is named by what it draws, which an item or the owner may change without
  // the collection being edited.
  const image = imageVersion(collectionImageFields(collection));
  return data(
    { ...collection, imageVersion: image },
    {
      headers: {
        "X-Kept-Tags": `collection:${collection.id} profile:${collection.owner.id} community`,
      },
    },
  );
}
