import type { RunTemplate } from "./run-template.ts";
import { useConnections } from "./use-connections.ts";
import { WorkbenchBody } from "./workbench-body.tsx";

/** A card's Run dialog's workbench, loaded when a dialog first opens. */
export default function RunWorkbench(props: { template: RunTemplate }) {
  return <WorkbenchBody template={props.template} connections={useConnections()} />;
}
