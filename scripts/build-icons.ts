// Writes app/components/ui/icons.svg from the icon list (app/components/ui/icon-names.ts).
// usage: npm run icons
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../server/project-root.ts";
import { iconSprite } from "./icon-sprite.ts";

const file = join(projectRoot, "app/components/ui/icons.svg");
writeFileSync(file, iconSprite());
console.log(`wrote ${file}`);
