import { Outlet } from "react-router";
import { PublicHeader } from "~/components/layout/public-header.tsx";
import { SiteFooter } from "~/components/layout/site-footer.tsx";

export default function PublicLayout() {
  return (
    <>
      <PublicHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
