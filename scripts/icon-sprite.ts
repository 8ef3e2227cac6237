import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconSources } from "../app/components/ui/icon-names.ts";

/**
 * The sprite app/components/ui/icons.svg: one `<symbol>` per icon of icon-names.ts, holding its
 * lucide-react shapes. Fill and stroke are left to the page (the `icon` class), so a `<use>` can
 * fill a star.
 */
export function iconSprite() {
  const symbols = Object.entries(iconSources).map(([name, source]) => {
    const markup = renderToStaticMarkup(createElement(icons[source]));
    const shapes = markup.slice(markup.indexOf(">") + 1, markup.lastIndexOf("</svg>"));
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
